// What the Node-side benches (lists.mjs, export-rss.mjs) share: the gateway login and their tables.

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

/** A Markdown table of strings: the first `leftColumns` columns left-aligned, the others right-aligned. */
export function markdownTable(head, body, leftColumns = 3) {
  const width = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells) => `| ${cells.map((c, i) => (i < leftColumns ? c.padEnd(width[i]) : c.padStart(width[i]))).join(' | ')} |`;
  return [line(head), `|${width.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)].join('\n');
}
