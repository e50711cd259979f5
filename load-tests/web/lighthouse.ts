/**
 * Lighthouse 12 (its default mobile preset: simulated slow 4G and a 4× slower CPU) on a page of
 * the running product, in a Chromium the caller started with a remote-debugging port.
 */
export interface LighthouseRow {
  page: string;
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Bytes transferred by resource type (Lighthouse's resource-summary: total, script, document…). */
  bytes: Record<string, number>;
  /** Every run's score, when the row is the median of several. */
  scores?: number[];
}

/**
 * `keepSession`: the page is measured with the browser's storage as it is (the signed-in session in
 * localStorage); the caller empties the HTTP cache first, so the load is still a first one.
 */
export async function lighthouseRow(page: string, url: string, port: number, keepSession: boolean): Promise<LighthouseRow> {
  const { default: lighthouse } = await import('lighthouse');
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    disableStorageReset: keepSession,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const bytes: Record<string, number> = {};
  const summary = lhr.audits['resource-summary']?.details as { items?: Array<{ resourceType: string; transferSize: number }> } | undefined;
  for (const item of summary?.items ?? []) bytes[item.resourceType] = item.transferSize;
  return {
    page,
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    bytes,
  };
}
