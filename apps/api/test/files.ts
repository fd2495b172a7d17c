import { crc32, deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import sharp from 'sharp';

/** A photo-like JPEG carrying EXIF with a GPS position. */
export async function jpegWithGps(): Promise<Buffer> {
  return sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } },
  })
    .withExif({
      IFD0: { Make: 'Camera de teste', Orientation: '1' },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '23/1 33/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '46/1 38/1 0/1',
      },
    })
    .jpeg()
    .toBuffer();
}

export async function image(
  format: 'png' | 'webp' | 'jpeg',
  width = 40,
  height = 30,
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 10, g: 150, b: 130 } } })
    .toFormat(format)
    .toBuffer();
}

/**
 * A valid PNG of width × height one-bit grey pixels, all white: a decompression bomb (a
 * 9999 × 9999 one is a few KB and decodes to about 100 million pixels).
 */
export function hugePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const framed = Buffer.alloc(body.length + 8);
    framed.writeUInt32BE(data.length, 0);
    body.copy(framed, 4);
    framed.writeUInt32BE(crc32(body), body.length + 4);
    return framed;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth 1, colour type 0 (grey), deflate, no filter, no interlace
  const rowLength = 1 + Math.ceil(width / 8);
  const pixels = Buffer.alloc(rowLength * height, 0xff);
  for (let y = 0; y < height; y += 1) pixels[y * rowLength] = 0; // each row: filter type none
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export async function pdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage([200, 200]).drawText('Comprovante', { x: 20, y: 100, size: 12 });
  return Buffer.from(await document.save());
}

/** A PDF whose trailer names an encryption dictionary, as a password-protected PDF does. */
export async function encryptedPdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage([200, 200]);
  const text = Buffer.from(await document.save({ useObjectStreams: false })).toString('latin1');
  if (!/trailer\s*<</.test(text)) throw new Error('expected a classic trailer');
  return Buffer.from(text.replace(/trailer\s*<</, 'trailer\n<<\n/Encrypt 1 0 R'), 'latin1');
}

/** A PDF that runs JavaScript when opened. */
export async function pdfWithJavaScript(): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage([200, 200]);
  const action = document.context.obj({
    Type: 'Action',
    S: 'JavaScript',
    JS: PDFString.of('app.alert(1)'),
  });
  document.catalog.set(PDFName.of('OpenAction'), document.context.register(action));
  return Buffer.from(await document.save({ useObjectStreams: false }));
}

export type MultipartFile = { field: string; fileName: string; data: Buffer; contentType?: string };

/** A multipart/form-data body with several files, as a browser sends a FormData. */
export function multipartFiles(files: MultipartFile[]) {
  const boundary = `----medipay${Math.random().toString(16).slice(2)}`;
  const parts = files.flatMap(({ field, fileName, data, contentType }) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    data,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A multipart body with text fields first, then file parts. */
export function multipartForm(fields: Record<string, string>, files: MultipartFile[]) {
  const form = multipartFiles(files);
  const boundary = /boundary=(.+)$/.exec(form.headers['content-type'])![1]!;
  const texts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    ),
  );
  return { payload: Buffer.concat([...texts, form.payload]), headers: form.headers };
}

/** A multipart body with one file part. */
export function multipart(
  field: string,
  fileName: string,
  data: Buffer,
  contentType = 'application/octet-stream',
) {
  return multipartFiles([{ field, fileName, data, contentType }]);
}
