/** The role predicates, one definition with the services (services/kit/src/core/access.ts imports nothing). */
export * from '../../../services/kit/src/core/access';
