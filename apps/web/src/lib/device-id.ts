import {
  DEVICE_ID_HEADER,
  DEVICE_ID_STORAGE_KEY,
  deviceIdSchema,
} from '@medipay/shared/case-review';

/**
 * This browser's device identifier for the portal: a random UUID kept in the site's own
 * localStorage (first-party, not derived from the device, never sent elsewhere). The back office
 * links applications filled on one device. Without storage (private mode, blocked), none is sent.
 */
export function deviceId(): string | null {
  try {
    const stored = window.localStorage.getItem(DEVICE_ID_STORAGE_KEY);
    if (stored && deviceIdSchema.safeParse(stored).success) return stored;
    const created = crypto.randomUUID();
    window.localStorage.setItem(DEVICE_ID_STORAGE_KEY, created);
    return created;
  } catch {
    return null;
  }
}

/** The header that carries the identifier, or none. */
export function deviceHeaders(): Record<string, string> {
  const id = deviceId();
  return id ? { [DEVICE_ID_HEADER]: id } : {};
}
