/*
 * Landing page copy (pt-BR). Static marketing content, kept as plain arrays so it costs only
 * its text in the page's JavaScript. Claims follow the product spec: no fee table, no rates.
 */
import { ANALYSIS_BUSINESS_DAYS } from '@medipay/shared/constants';

export type Step = { title: string; text: string };
export type Feature = { title: string; text: string };
/** A benefit card; `tag` is the short label shown in its tile. */
export type Benefit = Feature & { tag: string };
/** Testimonial entity (spec section 3). Fixed sample content, never user input. */
export type Testimonial = {
  name: string;
  specialty: string;
  location: string;
  rating: number;
  text: string;
  initials: string;
};
/** FAQ entity (spec section 3). `withContact` appends the support phone and e-mail. */
export type FaqItem = { question: string; answer: string; withContact?: boolean };

export const heroClaims = [
  'Sem taxas de abertura',
  'Aprovação em minutos',
  'Suporte especializado',
];

export const heroStats = [
  { value: '5.000+', label: 'operadoras de saúde' },
  { value: '4,9/5', label: 'nota média' },
  { value: '98%', label: 'de satisfação' },
];

export const steps: Step[] = [
  {
    title: 'Seus plantões aparecem automaticamente',
    text: 'Integração com as escalas hospitalares: os plantões entram na sua conta sem digitação.',
  },
  {
    title: 'Check-in e check-out validam a presença',
    text: 'Prova facial e de localização confirmam que o plantão foi realizado.',
  },
  {
    title: 'Antecipe em poucos cliques',
    text: 'Plantão validado pode ser antecipado, com o dinheiro na conta em minutos.',
  },
];

export const benefits: Benefit[] = [
  {
    tag: 'Conta',
    title: 'Conta de pagamento',
    text: 'Conta digital com gestão financeira: saldo, extrato e controle dos seus recebimentos.',
  },
  {
    tag: 'PIX',
    title: 'PIX instantâneo 24h',
    text: 'Envie e receba a qualquer hora, todos os dias, inclusive fins de semana e feriados.',
  },
  {
    tag: 'Plantão',
    title: 'Antecipação de plantões',
    text: 'Receba antes os plantões já validados, sem esperar o fechamento da folha.',
  },
  {
    tag: 'Cartão',
    title: 'Cartão pré-pago',
    text: 'Use o saldo da conta em compras com o cartão pré-pago MediPay.',
  },
  {
    tag: 'TED',
    title: 'TED para qualquer banco',
    text: 'Transfira para contas de outras instituições quando precisar.',
  },
  {
    tag: 'SCP',
    title: 'Antecipação estruturada',
    text: 'Operações organizadas por contratos SCP (sociedade em conta de participação).',
  },
];

export const managerFeatures: Feature[] = [
  {
    title: 'Indicadores financeiros',
    text: 'Acompanhe pagamentos, antecipações e custos da operação em um só lugar.',
  },
  {
    title: 'Relatórios de plantões',
    text: 'Plantões realizados, validados e pagos por unidade, equipe e período.',
  },
  {
    title: 'Dashboards e gestão de equipes',
    text: 'Visão consolidada das escalas e dos profissionais de cada unidade.',
  },
  {
    title: 'Transparência em tempo real',
    text: 'Presenças confirmadas e pagamentos atualizados no momento em que acontecem.',
  },
];

export const testimonials: Testimonial[] = [
  {
    name: 'Dra. Ana Paula Ribeiro',
    specialty: 'Cardiologista',
    location: 'São Paulo - SP',
    rating: 5,
    text: 'Meus plantões aparecem sozinhos e eu antecipo pelo celular. O dinheiro cai na conta em minutos.',
    initials: 'AR',
  },
  {
    name: 'Enf. Carlos Eduardo Lima',
    specialty: 'Enfermeiro intensivista',
    location: 'Belo Horizonte - MG',
    rating: 5,
    text: 'O check-in com reconhecimento facial acabou com a planilha de presença. Ficou tudo mais simples.',
    initials: 'CL',
  },
  {
    name: 'Dr. Rafael Moreira Santos',
    specialty: 'Diretor clínico',
    location: 'Recife - PE',
    rating: 5,
    text: 'Os relatórios de plantões e os indicadores deram à nossa gestão uma visão que não tínhamos.',
    initials: 'RS',
  },
];

export const faqItems: FaqItem[] = [
  {
    question: 'Quem pode abrir uma conta MediPay?',
    answer:
      'Médicos, enfermeiros e demais profissionais de saúde (pessoa física), e hospitais, clínicas, laboratórios, centros de diagnóstico e outras operadoras de saúde (pessoa jurídica).',
  },
  {
    question: 'Quanto custa?',
    answer: 'Não há taxa de abertura: você paga apenas pelas transações realizadas.',
  },
  {
    question: 'Quanto tempo leva a análise do cadastro?',
    answer: `O cadastro leva poucos minutos. Ao final você recebe um número de protocolo, e a análise é concluída em até ${ANALYSIS_BUSINESS_DAYS} dias úteis.`,
  },
  {
    question: 'Quais documentos são necessários?',
    answer:
      'Profissionais: documento de identidade, número de registro no conselho de classe (CRM, COREN e outros), comprovante de residência e uma selfie. Empresas: contrato social, cartão CNPJ, comprovante de endereço e documentos do responsável legal.',
  },
  {
    question: 'Como funciona a antecipação de plantões?',
    answer:
      'Depois que o check-in e o check-out validam o plantão, você escolhe quais antecipar e o valor entra na sua conta em minutos.',
  },
  {
    question: 'Meus dados estão seguros?',
    answer:
      'Sim. Tratamos seus dados conforme a LGPD, com verificação de identidade em todas as contas. Dúvidas? Fale com o suporte 24 horas:',
    withContact: true,
  },
];

/** What a visitor asked for in the managers section; the contact dialog adapts its text. */
export type ContactTopic = 'demo' | 'consultor';
