// Polls an asynchronous probe (an HTTP status, a listing) every 100 ms until it holds; bounded.
// The synchronous kind is test-daemon.ts's waitUntil.
export async function waitFor(
  probe: () => Promise<boolean>,
  what: string,
  limitMs: number,
): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${limitMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
