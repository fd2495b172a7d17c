import { z } from 'zod';
import { uploadedDocumentSchema } from './documents';
import { LIVENESS_STEPS, livenessChallengeSchema } from './liveness';

/** Why a face match or a liveness check did not pass. */
export const biometricReasons = [
  'no-face',
  'several-faces',
  'face-too-small',
  'too-dark',
  'blurred',
  'no-match',
  'camera-required',
  'challenge-not-done',
  'not-live',
  'document-not-image',
] as const;
export const biometricReasonSchema = z.enum(biometricReasons);
export type BiometricReason = z.infer<typeof biometricReasonSchema>;

/**
 * How a biometric check ends: aprovado (liveness passed and a confident match: the applicant
 * continues), em_revisao (liveness passed, the match is uncertain: the applicant continues and a
 * reviewer decides with the photos side by side), reprovado (liveness failed, a photo cannot be
 * used, or a confident mismatch: the applicant tries again).
 */
export const biometricDecisions = ['aprovado', 'em_revisao', 'reprovado'] as const;
export const biometricDecisionSchema = z.enum(biometricDecisions);
export type BiometricDecision = z.infer<typeof biometricDecisionSchema>;

/** Whether the applicant may go on with a check that ended so (aprovado or em revisão). */
export const biometricDecisionAccepted = (decision: BiometricDecision) => decision !== 'reprovado';

/** The decision as the back office shows it. */
export const biometricDecisionLabels: Record<BiometricDecision, string> = {
  aprovado: 'Aprovado',
  em_revisao: 'Em revisão',
  reprovado: 'Reprovado',
};

/** The photo a reason is about. `camera`: the frames of the liveness challenge. */
export const biometricPhotoSchema = z.enum(['selfie', 'selfieDoc', 'document', 'camera']);
export type BiometricPhoto = z.infer<typeof biometricPhotoSchema>;

export const biometricReasonMessages: Record<BiometricReason, string> = {
  'no-face': 'Nenhum rosto foi encontrado na foto.',
  'several-faces': 'Há mais de um rosto na foto. Tire a foto sozinho.',
  'face-too-small': 'O rosto está muito pequeno na foto. Aproxime-se da câmera.',
  'too-dark': 'A foto está escura demais. Procure um lugar com mais luz.',
  blurred: 'A foto está desfocada. Segure a câmera firme e tente de novo.',
  'no-match': 'Os rostos das fotos não correspondem à mesma pessoa.',
  'camera-required':
    'A prova de vida precisa da câmera: tire a selfie pela câmera, seguindo as instruções na tela. Sem câmera neste aparelho, continue pelo celular.',
  'challenge-not-done':
    'Não foi possível confirmar os movimentos pedidos. Refaça a prova de vida seguindo as instruções.',
  'not-live':
    'A prova de vida não reconheceu os movimentos de um rosto ao vivo. Refaça a prova de vida com o seu rosto diante da câmera, sem fotos nem telas.',
  'document-not-image':
    'Para comparar com a selfie, envie a frente do documento de identidade como foto (JPG, PNG ou WEBP).',
};

/** Which photo each reason refers to, in Portuguese, for the result list. */
export const biometricPhotoLabels: Record<BiometricPhoto, string> = {
  selfie: 'Selfie',
  selfieDoc: 'Selfie com documento',
  document: 'Documento de identidade (frente)',
  camera: 'Prova de vida',
};

/** The spec's toasts and on-screen messages of the biometrics step. */
export const biometricMessages = {
  failedTitle: 'Verificação reprovada',
  failedHint: 'Tente novamente em um lugar bem iluminado, olhando para a câmera.',
  errorTitle: 'Erro na verificação',
  errorHint: 'Tente novamente em alguns instantes.',
  pendingTitle: 'Verificação pendente',
  mustPass: 'É necessário passar na verificação de vivacidade para continuar.',
  technicalFailure: 'Não foi possível concluir a verificação. Tente novamente em alguns instantes.',
  challengeNotFound: 'Prova de vida não encontrada ou expirada. Comece de novo.',
  challengeUsed: 'Esta prova de vida já foi enviada. Comece de novo.',
  missingFrames: 'Envie uma imagem para cada movimento pedido.',
  missingPhotos: 'Envie a selfie, a selfie com documento e a frente do documento de identidade.',
  // Not in the spec (ARCHITECTURE departure 9): the match is uncertain, a reviewer confirms it.
  reviewTitle: 'Verificação em análise',
  reviewHint:
    'Suas fotos foram enviadas para conferência pela nossa equipe. Você pode continuar o cadastro.',
} as const;

/** A liveness challenge issued by the server: the order of the movements to ask for. */
export const livenessChallengeResponseSchema = z.object({
  id: z.string(),
  order: z.array(livenessChallengeSchema),
  /** Sent back with the frames: only the browser the challenge was issued to has it. */
  nonce: z.string(),
  expiresInSeconds: z.number().int(),
});
/**
 * The frames of a challenge as the browser sends them: `neutral` (facing the camera, before the
 * first movement), then `step-0`, `step-1`, ... one per movement in the order asked.
 */
export const challengeFrameNames = [
  'neutral',
  ...Array.from({ length: LIVENESS_STEPS }, (_, step) => `step-${step}`),
];

/**
 * When each frame was captured, in milliseconds since the challenge was shown, in the order of
 * challengeFrameNames (sent as JSON in the `timings` field).
 */
export const challengeTimingsSchema = z
  .array(
    z
      .number()
      .finite()
      .min(0)
      .max(60 * 60 * 1000),
  )
  .length(LIVENESS_STEPS + 1);
export type ChallengeTimings = z.infer<typeof challengeTimingsSchema>;

export type LivenessChallengeResponse = z.infer<typeof livenessChallengeResponseSchema>;

export const biometricCheckRequestSchema = z.object({
  selfieId: z.uuid(),
  selfieDocId: z.uuid(),
  /** The liveness challenge done with the camera before the selfie; null for an uploaded selfie. */
  challengeId: z.uuid().nullable(),
});
export type BiometricCheckRequest = z.infer<typeof biometricCheckRequestSchema>;

/** Similarities (0 to 1) of the selfie with the other two photos; null when not compared. */
export const faceSimilaritiesSchema = z.object({
  selfieToSelfieDoc: z.number().min(0).max(1).nullable(),
  selfieToDocument: z.number().min(0).max(1).nullable(),
});
export type FaceSimilarities = z.infer<typeof faceSimilaritiesSchema>;

/**
 * The outcome of a biometric check (the spec's liveness result, in three outcomes): the decision,
 * the confidence (0 to 1), the similarities of the face match and the reasons of a failure.
 */
export const biometricCheckSchema = z.object({
  decision: biometricDecisionSchema,
  confidence: z.number().min(0).max(1),
  similarities: faceSimilaritiesSchema,
  reasons: z.array(
    z.object({ photo: biometricPhotoSchema, reason: biometricReasonSchema, message: z.string() }),
  ),
  selfieId: z.string(),
  selfieDocId: z.string(),
  /** True when KYC_CHECKS=sandbox decided the outcome. */
  sandbox: z.boolean(),
  checkedAt: z.string(),
});
export type BiometricCheck = z.infer<typeof biometricCheckSchema>;

/**
 * GET /api/applicant/PF/biometrics/passed: the session's newest check when it lets the applicant
 * go on (aprovado or em revisão), with the two photos it compared, so that the selfie step shows
 * it again after a reload, before the step is saved (404 when there is none).
 */
export const keptBiometricCheckSchema = z.object({
  check: biometricCheckSchema,
  selfie: uploadedDocumentSchema,
  selfieDoc: uploadedDocumentSchema,
});
export type KeptBiometricCheck = z.infer<typeof keptBiometricCheckSchema>;
/** The answer of the kept check: null when nothing is kept (an ordinary state, not an error). */
export const keptBiometricAnswerSchema = keptBiometricCheckSchema.nullable();

/** The liveness confidence as the spec shows it: a percent with one decimal. */
export function formatConfidence(confidence: number): string {
  return `${(Math.round(confidence * 1000) / 10).toFixed(1).replace('.', ',')}%`;
}

/** In sandbox mode, a selfie whose file name has this word fails the match (demos, tests). */
export const SANDBOX_FAIL_MARKER = 'reprovar';
/**
 * In sandbox mode, a selfie whose file name has this word ends em revisão: liveness passed and
 * both similarities in the uncertain band (demos, tests).
 */
export const SANDBOX_REVIEW_MARKER = 'revisao';
