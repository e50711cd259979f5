/** The role predicates, one definition with the services (services/kit/src/access.ts imports nothing). */
export * from '../../../services/kit/src/access';
