export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Stable per message: a receiver can recognise a second delivery of the same message. */
  messageId: string;
};

export type Mailer = {
  readonly kind: 'smtp' | 'log';
  send: (message: MailMessage) => Promise<{ providerMessageId: string }>;
  close: () => Promise<void>;
};
