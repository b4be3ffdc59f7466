import { describe, expect, it } from 'vitest';
import { toWhatsappNumber, whatsappChatUrl } from './whatsapp';

describe('WhatsApp numbers (D45)', () => {
  it('reads the ways people in Bali write a mobile number into one E.164 form', () => {
    for (const typed of ['0812 3456 7890', '+62 812-3456-7890', '6281234567890', '(0812) 3456.7890']) {
      expect(toWhatsappNumber(typed)).toBe('+6281234567890');
    }
  });

  it('makes a wa.me link with the message written in, the + dropped', () => {
    expect(whatsappChatUrl('+6281234567890', 'Order #AB12: “Circe” & co')).toBe(
      'https://wa.me/6281234567890?text=Order%20%23AB12%3A%20%E2%80%9CCirce%E2%80%9D%20%26%20co',
    );
  });
});
