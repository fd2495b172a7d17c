export type IdentityKind = 'RG' | 'CIN' | 'CNH';

export type ExtractedField = { value: string; confidence: number };

/** The spec's extraction result (nome, numero, orgao, uf, validade), each with a confidence. */
export type IdentityExtraction = {
  kind: IdentityKind | null;
  nome: ExtractedField | null;
  numero: ExtractedField | null;
  orgao: ExtractedField | null;
  uf: ExtractedField | null;
  validade: ExtractedField | null;
};

export type IdentityFieldName = 'nome' | 'numero' | 'orgao' | 'uf' | 'validade';

/** One OCR character (tesseract's symbol) and the engine's confidence in it (0..1). */
export type OcrSymbol = { text: string; confidence: number };

/**
 * One OCR word and the engine's confidence in it (0..1); `symbols`, when the engine gives them,
 * carry per-character confidences.
 */
export type OcrWord = { text: string; confidence: number; symbols?: OcrSymbol[]; bbox?: OcrBox };

/**
 * One OCR line; `words`, when the engine gives them, carry per-word confidences. `bbox` (and the
 * words' own) are pixel boxes in the image the engine read, when it gives them.
 */
export type OcrLine = { text: string; confidence: number; words?: OcrWord[]; bbox?: OcrBox };

/** A box in pixels of the image read: left, top, right, bottom. */
export type OcrBox = { x0: number; y0: number; x1: number; y1: number };
