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
  /** What else the card showed, to check the fields against each other; never stored. */
  facts?: CardFacts;
};

/** The kind-dependent fields another kind's layout reads on the same card. */
export type KindReading = Pick<IdentityExtraction, 'kind' | 'numero' | 'orgao' | 'uf' | 'validade'>;

/**
 * Read on the card beside the stored fields, only to check them: the dates under other labels,
 * the parents' names, the labels that only one kind prints, and what the runner-up kind's layout
 * reads when the labels pointed to two kinds.
 */
export type CardFacts = {
  /**
   * Dates (dd/MM/yyyy) by the label they were read under, and every date printed on the card
   * (`printed`), under a label read or not.
   */
  dates: { birth: string[]; issue: string[]; firstLicence: string[]; printed: string[] };
  /** Whether the expiry was read under its own label rather than taken as the latest date. */
  expiryLabelled: boolean;
  /** Names read under FILIAÇÃO: never the holder's. */
  parents: string[];
  /** Labels read that only this kind of document prints. */
  evidence: Record<IdentityKind, string[]>;
  /** The next most likely kind and what its layout reads, when its labels were seen too. */
  alternative: KindReading | null;
  /** What is read without a kind: a labelled RG number, the issuer and state as printed. */
  unclassified?: KindReading;
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
