// Sample bank statements in the layouts the statement adapter reads (payments/statement-csv.ts):
// each builds a file as its bank exports it, with the credits given, around a debit and (BCA) a
// pending line and the closing totals that every real export carries.

interface SampleCredit {
  /** YYYY-MM-DD. */
  date: string;
  description: string;
  /** Whole rupiah. */
  amount: number;
}

const [y, m, d] = [0, 1, 2];
const parts = (date: string) => date.split('-');
const dmy = (date: string) => `${parts(date)[d]}/${parts(date)[m]}/${parts(date)[y]}`;
/** 15432 -> "15,432.00" (BCA, BNI) */
const english = (n: number) => `${n.toLocaleString('en-US')}.00`;
/** 15432 -> "15.432,00" (Mandiri) */
const indonesian = (n: number) => `${n.toLocaleString('en-US').replace(/,/g, '.')},00`;

export type SampleLayout = 'bca' | 'mandiri' | 'bni' | 'bri' | 'generic';

export function sampleStatement(layout: SampleLayout, credits: readonly SampleCredit[]): string {
  const first = credits[0]?.date ?? '2026-12-02';
  switch (layout) {
    case 'bca':
      return [
        'No. rekening : 0613005878',
        'Nama : PT RAKBUKU BALI',
        `Periode : 01/${parts(first)[m]}/${parts(first)[y]} - ${dmy(first)}`,
        'Kode Mata Uang : Rp',
        '',
        'Tanggal Transaksi,Keterangan,Cabang,Jumlah,,Saldo',
        `'${parts(first)[d]}/${parts(first)[m]},BIAYA ADM,'0000,"15,000.00",DB,"1,985,000.00"`,
        ...credits.map(
          (c) =>
            `'${parts(c.date)[d]}/${parts(c.date)[m]},TRSF E-BANKING CR ${parts(c.date)[d]}${parts(c.date)[m]}/FTSCY/WS95031 ${c.description},'0000,"${english(c.amount)}",CR,"2,000,000.00"`,
        ),
        `'PEND,TRSF E-BANKING CR PENDING,'0000,"7,000.00",CR,"0.00"`,
        'Saldo Awal,:,"2,000,000.00"',
        'Mutasi Kredit,:,"1,000.00",1',
        'Mutasi Debet,:,"15,000.00",1',
        'Saldo Akhir,:,"1,986,000.00"',
      ].join('\r\n');
    case 'mandiri':
      return [
        'Tgl.;Tgl. Val.;Rincian Transaksi;No. Referensi;Debit;Kredit;Saldo',
        `${dmy(first)};${dmy(first)};BIAYA ADMINISTRASI;;10.000,00;0,00;990.000,00`,
        ...credits.map(
          (c) =>
            `${dmy(c.date)};${dmy(c.date)};TRANSFER DARI ${c.description};FT26336${c.amount};0,00;${indonesian(c.amount)};1.000.000,00`,
        ),
      ].join('\n');
    case 'bni':
      return [
        'Posting Date,Effective Date,Branch,Journal,Transaction Description,Amount,DB/CR,Balance',
        `${dmy(first).slice(0, 6)}${parts(first)[y].slice(2)} 08.01.12,${dmy(first)},0983,000111,BIAYA ADM,"5,000.00",D,"995,000.00"`,
        ...credits.map(
          (c, i) =>
            `${dmy(c.date).slice(0, 6)}${parts(c.date)[y].slice(2)} 10.15.2${i},${dmy(c.date)},0983,12345${i},TRANSFER DARI | ${c.description},"${english(c.amount)}",C,"1,000,000.00"`,
        ),
      ].join('\n');
    case 'bri':
      return [
        'Tanggal Transaksi,Uraian Transaksi,Teller,Debet,Kredit,Saldo',
        `${dmy(first)} 07:00:00,BIAYA ADM,8888,5000.00,0.00,995000.00`,
        ...credits.map(
          (c) =>
            `${dmy(c.date)} 09:14:11,TRANSFER DR ${c.description} ESB:BRIMO,8888,0.00,${c.amount}.00,1000000.00`,
        ),
      ].join('\n');
    case 'generic':
      return [
        'date,description,amount',
        `${first},Bank fee,-2500`,
        ...credits.map((c) => `${c.date},${c.description},${c.amount}`),
      ].join('\n');
  }
}
