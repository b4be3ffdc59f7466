// Banks an owner in Indonesia is paid to (D34), by the names people know them by. "Other"
// in the form lets an owner type a bank that is not listed; the server stores the name.
export const INDONESIAN_BANKS = [
  'BCA',
  'Bank Mandiri',
  'BRI',
  'BNI',
  'BSI (Bank Syariah Indonesia)',
  'CIMB Niaga',
  'Bank Danamon',
  'PermataBank',
  'Bank BTN',
  'OCBC NISP',
  'Maybank Indonesia',
  'Panin Bank',
  'Bank Mega',
  'BPD Bali',
  'Jenius (BTPN)',
  'Bank Jago',
  'SeaBank',
  'blu by BCA Digital',
] as const;
