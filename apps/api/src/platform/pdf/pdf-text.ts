// Test helper (API tests and Playwright specs): the text a reader would copy out of a PDF, by pdf.js.
// pdfjs-dist is a devDependency; nothing on the server's request path imports this file.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text of every page, in order: items of one line separated by a space, lines by a line feed, pages by a
 * form feed. Every space is a plain one (pdf.js gives some no-break spaces back as plain ones, not all): a French
 * amount reads "1 234,50 €" with two U+0020.
 */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  // pdf.js takes the bytes over (it detaches their buffer): give it a copy.
  const task = getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, verbosity: 0 });
  const doc = await task.promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        if (item.str) text += (text && !text.endsWith('\n') ? ' ' : '') + item.str;
        if (item.hasEOL) text += '\n';
      }
      // pdf.js gives the gaps between words as items of their own: one space is enough. The renderer breaks
      // long words with zero-width spaces: they are not part of the text.
      pages.push(
        text
          .replaceAll('\u200b', '')
          .replace(/[ \u00a0\u202f]+/g, ' ')
          .replace(/ ?\n ?/g, '\n')
          .trim(),
      );
    }
    return pages.join('\n\f');
  } finally {
    await task.destroy();
  }
}

/** The number of pages of a PDF. */
export async function pdfPageCount(pdf: Uint8Array): Promise<number> {
  const task = getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, verbosity: 0 });
  try {
    return (await task.promise).numPages;
  } finally {
    await task.destroy();
  }
}
