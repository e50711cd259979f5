/**
 * A concrete path for a route template, for tests that walk every route: ids become a well-formed
 * uuid that names no record (a malformed id is answered 404 by the gateway itself, before any
 * guard in the service could speak), a username the given one, anything else '1'.
 */
export const NO_SUCH_ID = '00000000-0000-4000-8000-000000000001';

export const samplePath = (template: string, username = 'admin') =>
  template.replace(/\{(\w+)\}/g, (_m, name: string) =>
    name === 'id' ? NO_SUCH_ID : name === 'username' ? encodeURIComponent(username) : '1',
  );
