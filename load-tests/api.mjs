// What the Node-side benches (lists.mjs, export-rss.mjs) say to the gateway themselves.

/** Logs in through the gateway and answers the access token; a refused login throws. */
export async function login(base, username, password) {
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = await res.json();
  if (res.status >= 300) throw new Error(`login ${username}: ${res.status} ${JSON.stringify(body)}`);
  return body.data.access_token;
}
