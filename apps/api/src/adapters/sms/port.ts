export type PhoneMessage = {
  /** E.164, `+5511987654321`. */
  to: string;
  text: string;
  /** Stable per message, sent to the provider as its external id. */
  messageId: string;
};

export type PhoneChannel = 'sms' | 'whatsapp';

export type SmsSender = {
  readonly kind: 'zenvia' | 'log';
  readonly channel: PhoneChannel;
  send: (message: PhoneMessage) => Promise<{ providerMessageId: string }>;
};
