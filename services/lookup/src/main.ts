import { serviceMain } from '@cskh/kit/service';
import { lookupModule } from './module';

/** `tsx src/main.ts` serves gRPC until SIGTERM; `tsx src/main.ts migrate` applies the migrations and exits. */
serviceMain(lookupModule);
