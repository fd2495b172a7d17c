/** What the back office's audit actions (admin_actions.action) are called, on the page and in the dossier. */
import { reviewAuditActions } from './admin-review';
import { caseAuditActions } from './case-review';
import { medipayAuditActions } from './medipay-account';
import { screeningAuditActions } from './screening';

export const auditActionLabels: Record<string, string> = {
  [reviewAuditActions.approve]: 'Aprovação',
  [reviewAuditActions['request-changes']]: 'Exigências enviadas',
  [reviewAuditActions.deny]: 'Negação',
  [reviewAuditActions.reopen]: 'Voltar para Análise',
  [reviewAuditActions['resend-requirements']]: 'Reenvio das exigências',
  [medipayAuditActions.accountCreated]: 'Conta MediPay criada',
  [medipayAuditActions.accountFailed]: 'Erro na criação da conta MediPay',
  [medipayAuditActions.documentsSent]: 'Documentos enviados à MediPay',
  [medipayAuditActions.documentsFailed]: 'Erro no envio dos documentos à MediPay',
  [medipayAuditActions.onboardingSent]: 'Link de onboarding enviado',
  [medipayAuditActions.onboardingFailed]: 'Erro no envio do link de onboarding',
  [medipayAuditActions.emailVerificationSent]: 'Verificação de e-mail enviada',
  [medipayAuditActions.emailVerificationFailed]: 'Erro na verificação de e-mail',
  [screeningAuditActions.confirmed]: 'Ocorrência de triagem confirmada',
  [screeningAuditActions.dismissed]: 'Ocorrência de triagem descartada',
  [caseAuditActions.assign]: 'Análise assumida',
  [caseAuditActions.takeOver]: 'Análise assumida no lugar de outro administrador',
  [caseAuditActions.release]: 'Análise liberada',
  [caseAuditActions.firstApproval]: 'Primeira aprovação',
  [caseAuditActions.withdrawApproval]: 'Primeira aprovação retirada',
  [caseAuditActions.acceptDocument]: 'Documento aceito',
  [caseAuditActions.refuseDocument]: 'Documento recusado',
  [caseAuditActions.exportDossier]: 'Dossiê exportado',
};
