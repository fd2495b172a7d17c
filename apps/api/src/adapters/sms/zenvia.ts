import type { PhoneChannel, SmsSender } from './port';

export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/**
 * Zenvia API v2: `POST {base}/v2/channels/{sms|whatsapp}/messages` with the `X-API-TOKEN` header,
 * `{ from, to, contents: [{ type: 'text', text }], externalId }`; `to` is the number without '+'.
 */
export function createZenviaSender(options: {
  baseUrl: string;
  token: string;
  from: string;
  channel: PhoneChannel;
  timeoutMs?: number;
}): SmsSender {
  const url = new URL(`/v2/channels/${options.channel}/messages`, options.baseUrl).toString();
  return {
    kind: 'zenvia',
    channel: options.channel,
    send: async (message) => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-token': options.token },
        body: JSON.stringify({
          from: options.from,
          to: message.to.replace(/^\+/, ''),
          contents: [{ type: 'text', text: message.text }],
          externalId: message.messageId,
        }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      const body = (await response.json().catch(() => null)) as {
        id?: string;
        message?: string;
      } | null;
      if (!response.ok) {
        throw new ProviderError(
          `Zenvia answered ${response.status}: ${body?.message ?? 'no message'}`,
          response.status,
        );
      }
      return { providerMessageId: body?.id ?? message.messageId };
    },
  };
}
