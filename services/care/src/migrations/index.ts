import { CareInit1733200000000 } from './1733200000000-init';
import { CareInvitations1733300000000 } from './1733300000000-invitations';

export const careMigrations = [CareInit1733200000000, CareInvitations1733300000000];
