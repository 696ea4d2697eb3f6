import PDFDocument from 'pdfkit';
import { addDays, weekdayOf } from './calendar';
import type { Mass, MassWeek } from './schemas';

// A week's Masses and intentions as one A4 PDF, the same sheet the print view prints: for a browser
// that cannot print (a phone's, a kiosk's) and for the bulletin's editor. DejaVu Serif is embedded
// (the PDF standard fonts only write Latin-1), so names like Ọlá or Nguyễn print as written.

const fontFile = (name: string) => require.resolve(`dejavu-fonts-ttf/ttf/${name}`);
const FONTS = {
  regular: fontFile('DejaVuSerif.ttf'),
  bold: fontFile('DejaVuSerif-Bold.ttf'),
  italic: fontFile('DejaVuSerif-Italic.ttf'),
};

/** Points in a millimetre. */
const MM = 72 / 25.4;

const dayInWords = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** The day's Masses, in the order of the week. */
function byDay(masses: Mass[]): [string, Mass[]][] {
  const days = new Map<string, Mass[]>();
  for (const mass of masses) days.set(mass.date, [...(days.get(mass.date) ?? []), mass]);
  return [...days];
}

/** The Mass's heading, as the print view writes it: "10:30 — Main church — Wedding (Fr. Paul)". */
export function massHeading(mass: Pick<Mass, 'time' | 'place' | 'title' | 'celebrant'>): string {
  return `${mass.time} — ${mass.place}${mass.title ? ` — ${mass.title}` : ''}${mass.celebrant ? ` (${mass.celebrant})` : ''}`;
}

export interface WeekPdfInput {
  week: MassWeek;
  large: boolean;
  parish: string;
}

/** Written on a renderer thread (exports/render-worker.ts), which loads this module by its path. */
export function writeDocument({ week, large, parish }: WeekPdfInput): PDFKit.PDFDocument {
  return weekPdf(week, { large, parish });
}

/**
 * The week's sheet as a PDF stream (ended: read it to its end), headed by the parish's name as the
 * print view is. Large print sets it in 16 pt, not 11.
 */
export function weekPdf(week: MassWeek, { large, parish }: { large: boolean; parish: string }): PDFKit.PDFDocument {
  const size = large ? 16 : 11;
  const title = `${parish}: Mass intentions, week of ${dayInWords(week.week)} – ${dayInWords(addDays(week.week, 6))}`;
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 16 * MM, bottom: 16 * MM, left: 14 * MM, right: 14 * MM },
    info: { Title: title, Creator: 'Community Admin' },
    // The fonts' subsets are embedded; nothing else makes it larger.
    compress: true,
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  doc.registerFont('italic', FONTS.italic);
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

  doc.font('regular').fontSize(size).text(parish);
  doc
    .font('bold')
    .fontSize(size * 1.6)
    .text('Mass intentions');
  doc
    .font('regular')
    .fontSize(size * 1.05)
    .text(`Week of ${dayInWords(week.week)} – ${dayInWords(addDays(week.week, 6))}`)
    .moveDown(0.6);

  if (week.masses.length === 0) doc.font('italic').fontSize(size).text('No Masses this week.');
  for (const [day, masses] of byDay(week.masses)) {
    // A day's heading never ends a page: it starts the next one with its first Mass.
    if (doc.y + size * 5 > doc.page.height - doc.page.margins.bottom) doc.addPage();
    doc
      .moveDown(0.5)
      .font('bold')
      .fontSize(size * 1.2)
      .text(`${weekdayOf(day)} ${dayInWords(day)}`);
    const ruleY = doc.y + 1;
    doc
      .moveTo(doc.page.margins.left, ruleY)
      .lineTo(doc.page.margins.left + width, ruleY)
      .lineWidth(0.75)
      .stroke();
    doc.y = ruleY + size * 0.4;
    for (const mass of masses) {
      doc
        .font('bold')
        .fontSize(size * 1.05)
        .text(massHeading(mass), { width });
      if (mass.intentions.length === 0) {
        doc
          .font('italic')
          .fontSize(size)
          .text('No intentions.', { indent: size * 1.2 });
      }
      mass.intentions.forEach((intention, index) => {
        doc
          .font('regular')
          .fontSize(size)
          .text(`${index + 1}. ${intention.intention}`, { continued: true, indent: size * 1.2, width })
          .fillColor('#333333')
          .text(` — requested by ${intention.fullname}`)
          .fillColor('#000000');
      });
      doc.moveDown(0.5);
    }
  }
  doc.end();
  return doc;
}
