/** A `tel:` URL from a phone number written for people ('0800 591 2024' -> 'tel:08005912024'). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
