/**
 * The data subject's requests on the status page (LGPD art. 18), for the application that the
 * page's access opens (the wizard's own session, or the cookie of a verified code):
 *
 *   GET  /api/status/mine/export?flow=PF|PJ, GET /api/status/export      -> application/zip
 *   POST /api/status/mine/deletion?flow=PF|PJ, POST /api/status/deletion -> deletionOutcome
 */
import { z } from 'zod';
import { CUSTOMER_RECORDS_KEPT_YEARS } from './retention';

export const dataSubjectMessages = {
  exportTitle: 'Seus dados',
  exportHint:
    'Baixe um arquivo ZIP com todos os dados deste cadastro guardados pela MediPay, o histórico e os documentos enviados (Lei Geral de Proteção de Dados, art. 18).',
  exportAction: 'Baixar meus dados',
  deletionAction: 'Excluir meus dados',
  deletionConfirmTitle: 'Excluir os dados deste cadastro?',
  deletionConfirm:
    'O cadastro, os documentos, as fotos e os resultados das verificações serão apagados da MediPay. Não é possível desfazer: para abrir uma conta depois, será preciso começar um novo cadastro.',
  erased: 'Seus dados foram excluídos. Este cadastro não existe mais na MediPay.',
  kept: `Este cadastro foi aprovado e deu origem a uma conta MediPay. Pela regulamentação de prevenção à lavagem de dinheiro (Circular BCB nº 3.978/2020), os dados de identificação são guardados por ${CUSTOMER_RECORDS_KEPT_YEARS} anos após o encerramento da conta e eliminados em seguida. Seu pedido foi registrado.`,
} as const;

export const deletionOutcomeSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('erased'), message: z.string() }),
  z.object({ outcome: z.literal('kept'), message: z.string() }),
]);
export type DeletionOutcome = z.infer<typeof deletionOutcomeSchema>;
