import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * What Mozilla's pdf.js (the reader of Firefox) finds in a PDF that could act on its own or on a
 * click: the open action, document-level JavaScript, attached files, form fields and the
 * annotations of every page (links, widgets, attachments).
 */
export async function activeContentByPdfJs(data: Uint8Array) {
  const document = await getDocument({
    data: new Uint8Array(data),
    verbosity: 0,
    isEvalSupported: false,
  }).promise;
  try {
    const annotations: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      for (const annotation of await page.getAnnotations()) {
        annotations.push(String(annotation.subtype));
      }
    }
    return {
      pages: document.numPages,
      openAction: await document.getOpenAction(),
      javaScript: await document.getJSActions(),
      attachments: await document.getAttachments(),
      fields: await document.getFieldObjects(),
      annotations,
    };
  } finally {
    await document.destroy();
  }
}
