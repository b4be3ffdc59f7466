// WhatsApp numbers (D45): read as people in Bali write them and kept in E.164, the form wa.me
// links take. Indonesian numbers come as 0812..., +62 812... or 62812...; a visitor's home
// number comes with its country code after a '+'. WhatsApp lives on mobiles, so an Indonesian
// number must be a mobile one (8 after the country code).

/** Spaces, dashes, dots and brackets people put between the digits. */
const SEPARATORS = /[\s\-.()]/g;
const INDONESIAN_MOBILE = /^\+628\d{7,11}$/;
const E164 = /^\+[1-9]\d{7,14}$/;

/** The number in E.164 ('+6281234567890'), or null when it is not a number WhatsApp can reach. */
export function toWhatsappNumber(input: string): string | null {
  const compact = input.trim().replace(SEPARATORS, '');
  let e164: string;
  if (compact.startsWith('+')) e164 = compact;
  else if (compact.startsWith('0')) e164 = `+62${compact.slice(1)}`;
  else if (compact.startsWith('62')) e164 = `+${compact}`;
  else return null;
  if (!E164.test(e164)) return null;
  if (e164.startsWith('+62') && !INDONESIAN_MOBILE.test(e164)) return null;
  return e164;
}

/** The chat link that opens WhatsApp on this number with the message written in. */
export function whatsappChatUrl(e164: string, message: string): string {
  return `https://wa.me/${e164.slice(1)}?text=${encodeURIComponent(message)}`;
}
