import {
  ANALYSIS_BUSINESS_DAYS,
  MAX_UPLOAD_MB,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_COOLDOWN_SECONDS,
  OTP_TTL_MS,
} from '@medipay/shared/constants';
import type { LucideIcon } from 'lucide-react';
import {
  ClipboardList,
  Database,
  FileDown,
  Gauge,
  Headset,
  Lock,
  MapPin,
  Scale,
  ScanFace,
  Server,
  ShieldAlert,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { getPublicConfig } from '../../../config/public-config';
import { telHref } from '../../../lib/contact-links';
import { textLinkClass } from '../../../components/ui/text-link';

/*
 * Content of the security and compliance page (pt-BR). Every control described here is one the
 * product really has (see ARCHITECTURE.md, "Data" and "Deliberate departures from the spec");
 * the highlights are the claims of the product spec. Do not add certifications or tools that
 * the product does not have.
 */

export type Highlight = {
  icon: LucideIcon;
  title: string;
  text: string;
  /** An announced item shown with an 'Em breve' badge. */
  comingSoon?: string;
};

export type Control = { title: string; text: ReactNode };

export type ControlArea = {
  value: string;
  label: 'Dados' | 'Segurança' | 'Antifraude' | 'Auditoria' | 'Operacional';
  icon: LucideIcon;
  intro: string;
  controls: Control[];
};

export const highlights: Highlight[] = [
  {
    icon: Gauge,
    title: '99% de disponibilidade',
    text: 'Compromisso de disponibilidade do portal de abertura de conta.',
  },
  {
    icon: Headset,
    title: 'Suporte 24x7',
    text: 'Atendimento 24 horas por dia, 7 dias por semana, nos termos do contrato.',
  },
  {
    icon: MapPin,
    title: 'Dados em São Paulo',
    text: 'Dados e documentos do cadastro armazenados no Brasil, em infraestrutura localizada em São Paulo (SP).',
  },
  {
    icon: Scale,
    title: '6 bases legais',
    text: 'Todo tratamento de dados pessoais amparado nas bases legais dos arts. 7º e 11 da LGPD.',
  },
  {
    icon: FileDown,
    title: 'Exportações em CSV e PDF',
    text: 'Relatórios e dados exportáveis nos formatos CSV e PDF.',
    comingSoon: 'Integração por API',
  },
  {
    icon: ScanFace,
    title: 'Verificação de identidade',
    text: 'Leitura do documento (OCR), comparação facial e prova de vida ativa em todo cadastro de pessoa física.',
  },
];

function SupportContacts() {
  const { supportPhone, supportEmail } = getPublicConfig();
  return (
    <>
      pelo telefone{' '}
      <a href={telHref(supportPhone)} className={textLinkClass}>
        {supportPhone}
      </a>{' '}
      ou pelo e-mail{' '}
      <a href={`mailto:${supportEmail}`} className={textLinkClass}>
        {supportEmail}
      </a>
    </>
  );
}

export const controlAreas: ControlArea[] = [
  {
    value: 'dados',
    label: 'Dados',
    icon: Database,
    intro: 'Onde ficam e como são tratados os dados e os documentos enviados no cadastro.',
    controls: [
      {
        title: 'Armazenamento no Brasil',
        text: 'Os dados do cadastro e os documentos ficam em infraestrutura localizada em São Paulo (SP).',
      },
      {
        title: 'Documentos privados',
        text: 'Os arquivos ficam fora de qualquer endereço público. Só são exibidos ao titular, na sua própria sessão de cadastro, ou a analistas autorizados, por uma rota do portal que confere a permissão a cada acesso.',
      },
      {
        title: 'Tipo de arquivo conferido pelo conteúdo',
        text: `O formato de cada arquivo é identificado pelo seu conteúdo, e não pelo nome ou pela extensão. São aceitos arquivos PDF, JPG, PNG ou WEBP, conforme o documento, de até ${MAX_UPLOAD_MB} MB; os demais são recusados.`,
      },
      {
        title: 'Imagens sem metadados',
        text: 'As imagens são recodificadas no recebimento, o que remove os metadados EXIF, inclusive a localização (GPS) em que a foto foi tirada.',
      },
      {
        title: 'Versões preservadas',
        text: 'Um documento substituído nunca é sobrescrito: cada versão é guardada com data, tamanho e impressão digital SHA-256.',
      },
      {
        title: 'Conformidade com a LGPD',
        text: (
          <>
            Tratamento amparado em seis bases legais, aceites de LGPD e KYC registrados no cadastro
            e um Encarregado (DPO) para atender aos direitos do titular. Os detalhes estão na{' '}
            <Link to={paths.privacyPolicy} className={textLinkClass}>
              Política de Privacidade
            </Link>
            .
          </>
        ),
      },
    ],
  },
  {
    value: 'seguranca',
    label: 'Segurança',
    icon: Lock,
    intro: 'Como o portal protege as sessões, os acessos e cada informação recebida.',
    controls: [
      {
        title: 'Validação no servidor',
        text: 'Cada etapa do cadastro é validada de novo no servidor, com as mesmas regras do formulário, e o cadastro completo é conferido no envio final. A situação de um cadastro só muda pelas transições permitidas.',
      },
      {
        title: 'Sessões de cadastro isoladas',
        text: 'A sessão de cadastro é criada pelo servidor, com identificador aleatório, e mantida em cookie HttpOnly, inacessível aos scripts da página. Cada sessão lê e altera apenas o seu próprio cadastro.',
      },
      {
        title: 'Acesso administrativo',
        text: 'As senhas de administradores são guardadas com hash argon2id. As sessões ficam no servidor, em cookie HttpOnly e SameSite=Strict, com duração máxima de 4 horas, e o perfil de acesso é verificado em cada requisição.',
      },
      {
        title: 'Credenciais fora do navegador',
        text: 'As credenciais de integração com parceiros ficam apenas no servidor. Nenhum token de parceiro chega ao navegador.',
      },
      {
        title: 'Cabeçalhos de segurança e CSP',
        text: 'O portal envia cabeçalhos de segurança HTTP e uma Content Security Policy estrita, que restringe as origens de scripts e demais recursos carregados pela página.',
      },
      {
        title: 'Criptografia em trânsito',
        text: 'A comunicação entre o navegador e o portal é criptografada.',
      },
    ],
  },
  {
    value: 'antifraude',
    label: 'Antifraude',
    icon: ShieldAlert,
    intro: 'Como confirmamos que quem abre a conta é quem diz ser.',
    controls: [
      {
        title: 'Códigos de verificação',
        text: `E-mail e telefone são confirmados por códigos de uso único gerados no servidor e guardados apenas como hash. Cada código expira em ${OTP_TTL_MS / 60_000} minutos e aceita no máximo ${OTP_MAX_ATTEMPTS} tentativas erradas; um novo envio só é liberado após ${OTP_RESEND_COOLDOWN_SECONDS} segundos. O navegador nunca recebe o código, e só o servidor marca um contato como verificado.`,
      },
      {
        title: 'Leitura do documento (OCR)',
        text: 'O documento de identidade é lido automaticamente: nome, número, órgão emissor, UF e validade são extraídos, confirmados ou corrigidos pelo titular e registrados para a análise.',
      },
      {
        title: 'Comparação facial',
        text: 'A selfie, a selfie com o documento e a foto do documento são comparadas entre si, e as pontuações ficam registradas para a análise.',
      },
      {
        title: 'Prova de vida ativa',
        text: 'Durante a captura pela câmera, o titular cumpre um desafio em tempo real, o que dificulta o uso de fotos ou gravações no lugar da pessoa.',
      },
      {
        title: 'Limites de requisições',
        text: 'Tudo o que envia mensagens ou confere códigos tem limite de requisições, o que barra tentativas em massa e o envio abusivo de e-mails e SMS.',
      },
      {
        title: 'Análise por especialistas',
        text: 'Nenhuma conta é aberta automaticamente: cada cadastro, com a declaração de Pessoa Exposta Politicamente (PEP) e CPF ou CNPJ validados, passa pela análise de um analista.',
      },
    ],
  },
  {
    value: 'auditoria',
    label: 'Auditoria',
    icon: ClipboardList,
    intro: 'O que fica registrado sobre cada cadastro, para que toda decisão possa ser explicada.',
    controls: [
      {
        title: 'Histórico de status',
        text: 'Cada mudança de situação do cadastro é registrada com a situação anterior e a nova, quem a fez, quando e por quê.',
      },
      {
        title: 'Trilha de ações administrativas',
        text: 'Toda ação de um administrador, como aprovar, registrar exigência, negar ou devolver para análise, é registrada com quem, o quê, quando e o motivo. O autor é identificado pela sessão mantida no servidor, e não por dados enviados pelo navegador.',
      },
      {
        title: 'Avisos por e-mail',
        text: 'As mudanças de situação do cadastro são comunicadas por e-mail ao solicitante, como o envio de exigências e o resultado da análise.',
      },
      {
        title: 'Interações do solicitante',
        text: 'Os acessos à página de correção de documentos, as atualizações de documentos e as justificativas enviadas também são registrados.',
      },
      {
        title: 'Documentos rastreáveis',
        text: 'As versões anteriores dos documentos são preservadas com impressão digital SHA-256: é possível saber exatamente o que foi enviado e quando.',
      },
    ],
  },
  {
    value: 'operacional',
    label: 'Operacional',
    icon: Server,
    intro: 'Como o serviço se mantém disponível e como falar conosco.',
    controls: [
      {
        title: '99% de disponibilidade',
        text: 'Compromisso de disponibilidade do portal de abertura de conta.',
      },
      {
        title: 'Suporte 24x7',
        text: (
          <>
            Atendimento 24 horas por dia, 7 dias por semana, nos termos do contrato,{' '}
            <SupportContacts />.
          </>
        ),
      },
      {
        title: 'Entregas com nova tentativa',
        text: 'E-mails, SMS e integrações com parceiros são processados em segundo plano, com novas tentativas automáticas. Uma falha deixa um registro para reprocessamento, e nenhum dado aceito é perdido.',
      },
      {
        title: 'Exportações em CSV e PDF',
        text: 'Relatórios e dados exportáveis em CSV e PDF. A integração por API foi anunciada e estará disponível em breve.',
      },
      {
        title: 'Limpeza de cadastros abandonados',
        text: 'Sessões de cadastro abandonadas são eliminadas periodicamente, o que evita guardar dados sem necessidade.',
      },
      {
        title: 'Acompanhamento pelo protocolo',
        text: `Cada cadastro recebe um número de protocolo. A análise é concluída em até ${ANALYSIS_BUSINESS_DAYS} dias úteis e pode ser acompanhada pelo próprio solicitante.`,
      },
    ],
  },
];
