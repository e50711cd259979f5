// Integration tests talk to real PostgreSQL / Redis / Kafka (see scripts/infra): allow 120 s each.
jest.setTimeout(120_000);
