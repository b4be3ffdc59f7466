// A QRIS payload in the EMVCo merchant-presented layout (tag, two-digit length, value; CRC16 at
// the end), so the code the page draws is what a banking app would scan. Test mode only: the
// merchant account is the fake gateway's.

function tlv(tag: string, value: string): string {
  return `${tag}${String(value.length).padStart(2, '0')}${value}`;
}

/** CRC-16/CCITT-FALSE over the payload up to and including "6304", as QRIS requires. */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

export function qrisPayload(input: { reference: string; amount: number }): string {
  const body = [
    tlv('00', '01'),
    tlv('01', '12'), // dynamic: one payment, this amount
    tlv('26', tlv('00', 'ID.CO.RAKBUKU.TEST') + tlv('01', '936000000000000000')),
    tlv('52', '5942'), // book stores
    tlv('53', '360'), // IDR
    tlv('54', String(input.amount)),
    tlv('58', 'ID'),
    tlv('59', 'RAKBUKU TEST'),
    tlv('60', 'DENPASAR'),
    tlv('62', tlv('05', input.reference.slice(0, 25))),
  ].join('');
  return `${body}6304${crc16(`${body}6304`)}`;
}
