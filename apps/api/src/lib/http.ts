/** Outgoing HTTP to partner services: JSON, a time limit, and a User-Agent naming the product. */
export const userAgent = 'MediPay-Portal/2.1 (+https://medipay.com.br)';

export class ProviderUnavailableError extends Error {
  constructor(
    readonly provider: string,
    message: string,
  ) {
    super(`${provider}: ${message}`);
    this.name = 'ProviderUnavailableError';
  }
}

export async function getJson(
  provider: string,
  url: string,
  timeoutMs: number,
): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json', 'user-agent': userAgent },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const reason =
      error instanceof Error && error.name === 'TimeoutError'
        ? `no answer in ${timeoutMs} ms`
        : String(error);
    throw new ProviderUnavailableError(provider, reason);
  }
  const body: unknown = await response.json().catch(() => undefined);
  return { status: response.status, body };
}
