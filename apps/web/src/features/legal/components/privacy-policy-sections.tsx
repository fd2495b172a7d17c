import { CUSTOMER_RECORDS_KEPT_YEARS, defaultRetentionPeriods } from '@medipay/shared/retention';
import { OTP_TTL_MS } from '@medipay/shared/constants';
import { company } from '@medipay/shared/company';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { getPublicConfig } from '../../../config/public-config';
import { telHref } from '../../../lib/contact-links';
import { textLinkClass } from '../../../components/ui/text-link';

/*
 * The text of the privacy policy (pt-BR). Each section is an entry of `privacySections`, so the
 * table of contents and the page can never disagree about titles or anchors.
 */

export type PrivacySection = {
  /** Anchor of the section's h2 (/politica-privacidade#id). */
  id: string;
  /** The h2 text, also used in the table of contents. */
  title: string;
  Body: ComponentType;
};

export const privacyPolicyUpdatedAt = '2 de outubro de 2025';

function SubHeading({ children }: { children: ReactNode }) {
  return <h3 className="pt-2 text-lg font-semibold text-slate-900">{children}</h3>;
}

function Term({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="py-3 first:pt-0 last:pb-0">
      <dt className="font-semibold text-slate-900">{term}</dt>
      <dd className="mt-1">{children}</dd>
    </div>
  );
}

function Introduction() {
  return (
    <>
      <p>
        A {company.brand} oferece uma conta de pagamento digital pensada para profissionais de saúde
        (pessoas físicas) e para hospitais, clínicas, laboratórios, centros de diagnóstico e demais
        organizações de saúde (pessoas jurídicas). Para abrir essa conta, precisamos conhecer e
        verificar a identidade de quem a solicita, o que envolve o tratamento de dados pessoais.
      </p>
      <p>
        Esta Política de Privacidade explica, de forma clara e objetiva, quais dados pessoais
        tratamos no portal de abertura de conta, para quais finalidades, com base em quais hipóteses
        legais, com quem eles podem ser compartilhados, por quanto tempo são guardados, como são
        protegidos e de que forma você pode exercer os seus direitos. Ela foi elaborada em
        conformidade com a Lei Geral de Proteção de Dados Pessoais (Lei nº 13.709/2018, “LGPD”) e
        com o Marco Civil da Internet (Lei nº 12.965/2014).
      </p>
      <p>
        Recomendamos a leitura integral deste documento antes de iniciar o seu cadastro. Em caso de
        dúvida, fale com o nosso Encarregado pelo Tratamento de Dados Pessoais pelos canais
        indicados na seção{' '}
        <a href="#contato" className={textLinkClass}>
          Contato
        </a>
        .
      </p>
    </>
  );
}

function Definitions() {
  return (
    <>
      <p>Para os fins desta Política, os termos abaixo têm o seguinte significado:</p>
      <dl className="divide-y rounded-lg border p-4 sm:p-6">
        <Term term="Dado pessoal">
          Informação relacionada a pessoa natural identificada ou identificável, como nome, CPF,
          endereço, e-mail ou telefone.
        </Term>
        <Term term="Dado pessoal sensível">
          Dado pessoal que exige proteção reforçada, entre eles o dado biométrico. No portal, a sua
          selfie e a comparação facial com a foto do documento são tratadas como dados sensíveis.
        </Term>
        <Term term="Titular">
          A pessoa natural a quem se referem os dados pessoais: o profissional de saúde que solicita
          a conta ou, no cadastro de empresa, o seu responsável legal.
        </Term>
        <Term term="Tratamento">
          Toda operação realizada com dados pessoais, como coleta, recepção, uso, acesso,
          armazenamento, compartilhamento, arquivamento e eliminação.
        </Term>
        <Term term="Controlador">
          Quem toma as decisões sobre o tratamento de dados pessoais. Nesta Política, é a{' '}
          {company.legalName}.
        </Term>
        <Term term="Operador">
          Quem trata dados pessoais em nome e por ordem do controlador, como os fornecedores
          descritos na seção Compartilhamento de dados.
        </Term>
        <Term term="Encarregado (DPO)">
          Pessoa indicada pelo controlador para atuar como canal de comunicação com os titulares e
          com a Autoridade Nacional de Proteção de Dados.
        </Term>
        <Term term="ANPD">
          Autoridade Nacional de Proteção de Dados, órgão responsável por zelar pela aplicação da
          LGPD em todo o território nacional.
        </Term>
        <Term term="KYC">
          Do inglês <span lang="en">Know Your Customer</span> (“conheça seu cliente”): conjunto de
          procedimentos de identificação e verificação cadastral exigidos das instituições de
          pagamento, inclusive para prevenção à lavagem de dinheiro e ao financiamento do
          terrorismo.
        </Term>
        <Term term="PEP">
          Pessoa Exposta Politicamente: agente público que desempenha ou tenha desempenhado, nos
          últimos 5 anos, cargo, emprego ou função pública relevante, bem como seus familiares e
          pessoas de relacionamento próximo.
        </Term>
        <Term term="Portal">
          Este site, usado para a abertura de conta, a verificação de identidade, o acompanhamento
          da análise e a correção de documentos.
        </Term>
        <Term term="Aplicativo">
          O aplicativo {company.brand}, usado para movimentar a conta depois que ela estiver ativa.
        </Term>
      </dl>
    </>
  );
}

function DataCollected() {
  return (
    <>
      <p>
        Coletamos apenas os dados necessários para abrir a conta, cumprir as exigências legais de
        identificação e prevenir fraudes. A maior parte deles é informada por você durante o
        cadastro.
      </p>

      <SubHeading>Profissionais de saúde (pessoa física)</SubHeading>
      <ul>
        <li>
          <strong>Identificação e contato:</strong> nome completo, CPF, nacionalidade, estado civil,
          e-mail e telefone celular (ambos confirmados por código de verificação).
        </li>
        <li>
          <strong>Endereço:</strong> CEP, logradouro, número, complemento, bairro, cidade, UF e
          comprovante de residência.
        </li>
        <li>
          <strong>Documentos:</strong> frente e verso do documento de identidade, incluindo os dados
          extraídos dele (nome, número, órgão emissor, UF e validade), e dados do documento
          profissional (tipo, número, órgão emissor e UF), como o registro no conselho de classe.
        </li>
        <li>
          <strong>Biometria:</strong> selfie e selfie segurando o documento, o resultado da prova de
          vida, o resultado da comparação facial entre as fotos e o modelo facial numérico da
          selfie, comparado com os de outros cadastros para impedir que uma mesma pessoa se cadastre
          com identidades diferentes.
        </li>
        <li>
          <strong>Informações sobre PEP:</strong> se você é ou se relaciona com uma Pessoa Exposta
          Politicamente e, nesse caso, nome, CPF, cargo e órgão da pessoa exposta.
        </li>
        <li>
          <strong>Consentimentos:</strong> o registro dos seus aceites relativos à LGPD e ao
          procedimento de KYC.
        </li>
      </ul>

      <SubHeading>Nos dois cadastros</SubHeading>
      <ul>
        <li>
          <strong>Identificador do dispositivo:</strong> um código aleatório que o seu navegador
          guarda apenas para este site e envia com o cadastro. Ele não é extraído do seu aparelho,
          não é compartilhado e deixa de existir quando você apaga os dados do site. Serve para
          relacionar cadastros feitos no mesmo dispositivo, na prevenção a fraudes.
        </li>
      </ul>

      <SubHeading>Empresas de saúde (pessoa jurídica)</SubHeading>
      <p>
        Os dados da empresa não são dados pessoais, mas o cadastro de pessoa jurídica também envolve
        dados de pessoas naturais, que esta Política protege da mesma forma.
      </p>
      <ul>
        <li>
          <strong>Dados da empresa:</strong> razão social, nome fantasia, CNPJ, tipo de empresa,
          área de atuação, inscrições estadual e municipal, CNES, e-mail, telefone e endereço.
        </li>
        <li>
          <strong>Responsável legal:</strong> nome, CPF, RG, cargo e frente e verso do documento de
          identidade.
        </li>
        <li>
          <strong>Informações financeiras:</strong> banco, agência, conta, tipo de conta,
          faturamento mensal e número de funcionários.
        </li>
        <li>
          <strong>Documentos:</strong> contrato social, cartão CNPJ, comprovante de endereço, alvará
          de funcionamento e documento do CNES.
        </li>
        <li>
          <strong>Consentimentos:</strong> o registro dos aceites relativos à LGPD e ao procedimento
          de KYC.
        </li>
      </ul>

      <SubHeading>Dados obtidos de fontes públicas</SubHeading>
      <p>
        Para agilizar o preenchimento e conferir as informações, consultamos bases públicas: o
        endereço correspondente ao CEP informado e os dados cadastrais públicos do CNPJ.
      </p>

      <SubHeading>Dados de uso e navegação</SubHeading>
      <p>
        Registramos dados técnicos necessários à segurança e ao funcionamento do portal, como
        endereço IP, data e hora de acesso, o identificador da sessão de cadastro e os registros de
        interação com o portal (por exemplo, acesso à página de correção de documentos, envio de
        documentos e de justificativas). A guarda de registros de acesso atende também ao Marco
        Civil da Internet.
      </p>
      <p>
        O portal usa cookies necessários ao seu funcionamento, como o cookie que identifica a sua
        sessão de cadastro. Esse cookie é protegido (HttpOnly), ou seja, não pode ser lido por
        scripts da página.
      </p>
      <p>
        O portal não coleta a sua localização. Os metadados de localização (GPS) e demais dados EXIF
        das imagens enviadas são removidos no momento do recebimento.
      </p>
    </>
  );
}

function Purposes() {
  return (
    <>
      <p>Tratamos os dados pessoais para as seguintes finalidades:</p>
      <ul>
        <li>
          Identificar e verificar a identidade do titular (KYC), incluindo a confirmação do e-mail e
          do telefone, a leitura automatizada do documento de identidade, a prova de vida e a
          comparação facial.
        </li>
        <li>
          Analisar a solicitação de abertura de conta, solicitar documentos complementares
          (exigências) e comunicar o resultado da análise.
        </li>
        <li>
          Abrir e manter a conta de pagamento, em conjunto com a instituição de pagamento parceira,
          após a aprovação do cadastro.
        </li>
        <li>
          Cumprir obrigações legais e regulatórias, em especial as de prevenção à lavagem de
          dinheiro e ao financiamento do terrorismo, incluindo a identificação de Pessoas Expostas
          Politicamente.
        </li>
        <li>
          Prevenir fraudes e proteger o titular contra o uso indevido da sua identidade por
          terceiros.
        </li>
        <li>
          Enviar comunicações sobre o cadastro, como códigos de verificação, número de protocolo,
          exigências e mudanças de situação da análise.
        </li>
        <li>Prestar suporte e responder às suas solicitações.</li>
        <li>
          Manter registros de auditoria e exercer direitos em processos judiciais, administrativos
          ou arbitrais.
        </li>
        <li>Garantir a segurança, a estabilidade e a melhoria do portal.</li>
      </ul>
      <p>
        Não vendemos dados pessoais e não os utilizamos para finalidades incompatíveis com as
        descritas acima.
      </p>
    </>
  );
}

function LegalBases() {
  return (
    <>
      <p>
        Todo tratamento realizado pela {company.brand} está amparado em uma das hipóteses previstas
        nos arts. 7º e 11 da LGPD. As seis bases legais que utilizamos são:
      </p>
      <ol>
        <li>
          <strong>Consentimento</strong> (art. 7º, I, e art. 11, I): registrado na etapa de revisão
          do cadastro, quando você aceita os termos de LGPD e de KYC. Pode ser revogado a qualquer
          momento, sem afetar a legalidade do tratamento já realizado.
        </li>
        <li>
          <strong>Cumprimento de obrigação legal ou regulatória</strong> (art. 7º, II, e art. 11,
          II, “a”): identificação de clientes, guarda de registros e prevenção à lavagem de dinheiro
          e ao financiamento do terrorismo, nos termos da Lei nº 9.613/1998 e da regulamentação do
          Banco Central do Brasil.
        </li>
        <li>
          <strong>Execução de contrato e procedimentos preliminares</strong> (art. 7º, V): análise
          da solicitação, abertura e manutenção da conta a pedido do titular.
        </li>
        <li>
          <strong>Exercício regular de direitos</strong> (art. 7º, VI, e art. 11, II, “d”):
          manutenção de registros para a defesa em processos judiciais, administrativos ou
          arbitrais.
        </li>
        <li>
          <strong>Legítimo interesse</strong> (art. 7º, IX): segurança do portal, suporte e melhoria
          dos serviços, sempre respeitando os seus direitos e as suas legítimas expectativas. Esta
          base nunca é usada para dados sensíveis.
        </li>
        <li>
          <strong>Prevenção à fraude e segurança do titular</strong> (art. 11, II, “g”): uso dos
          dados biométricos na prova de vida e na comparação facial, inclusive com os modelos
          faciais de outros cadastros e com a geometria dos movimentos de provas de vida anteriores
          (para reconhecer a reprodução de uma gravação), em processos de identificação e
          autenticação de cadastro em sistemas eletrônicos.
        </li>
      </ol>
    </>
  );
}

function Sharing() {
  return (
    <>
      <p>
        Compartilhamos dados pessoais somente na medida do necessário para as finalidades desta
        Política, com fornecedores contratualmente obrigados a tratá-los com confidencialidade,
        segurança e apenas conforme as nossas instruções. Esses fornecedores atuam como operadores e
        se enquadram em três categorias:
      </p>
      <ul>
        <li>
          <strong>Processador de pagamentos (instituição de pagamento parceira):</strong> recebe os
          dados cadastrais e os documentos dos cadastros aprovados para criar e operar a conta de
          pagamento. Quando a regulamentação lhe impuser obrigações próprias, como as de
          identificação de clientes, ela também responde por esse tratamento.
        </li>
        <li>
          <strong>Provedor de assinatura eletrônica:</strong> recebe os dados de identificação e de
          contato necessários à assinatura eletrônica de contratos e termos.
        </li>
        <li>
          <strong>Provedor de armazenamento em nuvem:</strong> hospeda, em infraestrutura localizada
          em São Paulo (SP), os dados e documentos do cadastro, sem autorização para utilizá-los
          para finalidades próprias.
        </li>
      </ul>
      <p>
        Os serviços de envio de e-mail e de SMS utilizados para os códigos de verificação e os
        avisos sobre o cadastro recebem apenas o endereço ou o telefone de destino e o conteúdo da
        mensagem. As consultas a bases públicas de CEP e de CNPJ enviam somente o CEP ou o CNPJ
        consultado.
      </p>
      <p>
        Também podemos compartilhar dados com o Banco Central do Brasil, o Conselho de Controle de
        Atividades Financeiras (Coaf), autoridades judiciais, policiais ou administrativas e demais
        órgãos públicos, quando houver obrigação legal, regulatória ou ordem de autoridade
        competente.
      </p>
      <p>
        Caso algum tratamento envolva transferência internacional de dados, ela observará os
        requisitos dos arts. 33 a 36 da LGPD.
      </p>
    </>
  );
}

const retention = defaultRetentionPeriods;

/** '90 dias', '1 ano', '5 anos'. */
function periodText(days: number): string {
  if (days % 365 !== 0) return `${days} dias`;
  const years = days / 365;
  return years === 1 ? '1 ano' : `${years} anos`;
}

function StorageAndSecurity() {
  return (
    <>
      <SubHeading>Onde os dados ficam</SubHeading>
      <p>
        Os dados do cadastro e os documentos enviados são armazenados no Brasil, em infraestrutura
        de nuvem localizada em São Paulo (SP).
      </p>

      <SubHeading>Por quanto tempo</SubHeading>
      <ul>
        <li>
          <strong>Dados cadastrais e documentos de KYC de clientes:</strong> por{' '}
          {CUSTOMER_RECORDS_KEPT_YEARS} anos após o encerramento da conta, em cumprimento à
          regulamentação de prevenção à lavagem de dinheiro (Circular BCB nº 3.978/2020).
        </li>
        <li>
          <strong>Dados de transações:</strong> por até 10 anos, para cumprimento de obrigações
          legais e regulatórias e para o exercício regular de direitos.
        </li>
        <li>
          <strong>Cadastros iniciados e não concluídos:</strong> eliminados após{' '}
          {periodText(retention.abandonedDays)} sem acesso.
        </li>
        <li>
          <strong>Cadastros negados, que não deram origem a conta:</strong> eliminados{' '}
          {periodText(retention.deniedDays)} após a decisão.
        </li>
        <li>
          <strong>Códigos de verificação:</strong> eliminados após {periodText(retention.codesDays)}
          ; <strong>registros da prova de vida:</strong> após {periodText(retention.framesDays)}.
        </li>
        <li>
          <strong>Registros de acesso ao painel administrativo:</strong> guardados por{' '}
          {periodText(retention.accessLogsDays)}, acima do prazo mínimo de 6 meses do Marco Civil da
          Internet.
        </li>
      </ul>
      <p>
        Terminados os prazos acima, os dados são eliminados ou anonimizados, salvo nas hipóteses de
        conservação autorizadas pelo art. 16 da LGPD. Pela página de acompanhamento do cadastro,
        você pode baixar os seus dados ou pedir a exclusão de um cadastro que não deu origem a
        conta.
      </p>

      <SubHeading>Como os protegemos</SubHeading>
      <ul>
        <li>
          Os documentos são mantidos em armazenamento privado, fora de qualquer endereço público, e
          só são exibidos ao próprio titular, na sua sessão de cadastro, ou a analistas autorizados.
        </li>
        <li>A comunicação entre o seu navegador e o portal é criptografada em trânsito.</li>
        <li>
          Os códigos de verificação são gerados e conferidos no servidor, guardados apenas na forma
          de hash (resumo criptográfico) e expiram em {OTP_TTL_MS / 60_000} minutos.
        </li>
        <li>
          O acesso administrativo exige autenticação, é limitado por perfil e tem todas as ações
          registradas em trilha de auditoria.
        </li>
      </ul>
      <p>
        Os controles técnicos estão detalhados na página{' '}
        <Link to={paths.security} className={textLinkClass}>
          Segurança e Compliance
        </Link>
        . Se ocorrer um incidente de segurança que possa acarretar risco ou dano relevante aos
        titulares, comunicaremos a ANPD e os titulares afetados, nos termos do art. 48 da LGPD.
      </p>
    </>
  );
}

function DataSubjectRights() {
  return (
    <>
      <p>Nos termos do art. 18 da LGPD, você pode solicitar, a qualquer momento:</p>
      <ol>
        <li>a confirmação da existência de tratamento dos seus dados;</li>
        <li>o acesso aos dados;</li>
        <li>a correção de dados incompletos, inexatos ou desatualizados;</li>
        <li>
          a anonimização, o bloqueio ou a eliminação de dados desnecessários, excessivos ou tratados
          em desconformidade com a LGPD;
        </li>
        <li>
          a portabilidade dos dados a outro fornecedor de serviço ou produto, observados os segredos
          comercial e industrial;
        </li>
        <li>
          a eliminação dos dados tratados com base no seu consentimento, exceto nas hipóteses de
          conservação previstas no art. 16 da LGPD;
        </li>
        <li>
          a informação sobre as entidades públicas e privadas com as quais compartilhamos os seus
          dados;
        </li>
        <li>
          a informação sobre a possibilidade de não fornecer consentimento e sobre as consequências
          da negativa;
        </li>
        <li>a revogação do consentimento.</li>
      </ol>
      <p>
        Você também pode pedir a revisão de decisões tomadas unicamente com base em tratamento
        automatizado (art. 20 da LGPD). No portal, a leitura do documento, a prova de vida e a
        comparação facial apoiam a análise, e a decisão sobre a abertura da conta é tomada por
        analistas.
      </p>
      <p>
        Para exercer os seus direitos, escreva ao Encarregado (veja a seção{' '}
        <a href="#contato" className={textLinkClass}>
          Contato
        </a>
        ). Poderemos pedir informações para confirmar a sua identidade antes de atender ao pedido,
        para proteger os seus dados. As solicitações são respondidas em até 15 dias úteis. Se um
        pedido não puder ser atendido, por exemplo por obrigação legal de guarda, explicaremos o
        motivo.
      </p>
      <p>Você tem ainda o direito de peticionar à ANPD em relação aos seus dados.</p>
    </>
  );
}

function PortalAndApp() {
  return (
    <>
      <p>
        A {company.brand} disponibiliza dois ambientes, com funções e tratamentos de dados
        distintos:
      </p>
      <ul>
        <li>
          <strong>Portal (este site):</strong> destina-se à abertura de conta e à verificação de
          identidade (KYC). Aqui você informa os seus dados, envia documentos, faz a prova de vida,
          acompanha a análise pelo número de protocolo e, quando houver exigência, corrige os
          documentos. Esta Política descreve os tratamentos realizados no portal.
        </li>
        <li>
          <strong>Aplicativo:</strong> destina-se exclusivamente a usuários com conta ativa e
          verificada. É nele que a conta é movimentada. O acesso pelo botão “Fazer Login” abre o
          aplicativo em uma nova aba e só é possível após a aprovação do cadastro.
        </li>
      </ul>
      <p>
        Os dados coletados no portal são os que fundamentam a conta usada no aplicativo. Recursos
        próprios do aplicativo que envolvam dados adicionais são informados no próprio aplicativo
        antes do seu uso.
      </p>
    </>
  );
}

function Changes() {
  return (
    <>
      <p>
        Esta Política pode ser atualizada para refletir mudanças nos nossos serviços, na legislação
        ou em orientações da ANPD. A data da última atualização aparece no início desta página.
      </p>
      <p>
        Quando houver mudança relevante, especialmente nas finalidades ou no compartilhamento de
        dados, avisaremos com antecedência pelo e-mail cadastrado ou por aviso em destaque no portal
        e, quando a lei exigir, pediremos novamente o seu consentimento.
      </p>
    </>
  );
}

function Contact() {
  const { supportPhone, supportEmail } = getPublicConfig();
  return (
    <>
      <dl className="divide-y rounded-lg border p-4 sm:p-6">
        <Term term="Controlador">
          {company.legalName}, inscrita no CNPJ sob o nº {company.cnpj}, com sede em{' '}
          {company.headquarters}.
        </Term>
        <Term term="Encarregado pelo Tratamento de Dados Pessoais (DPO)">
          <a href={`mailto:${company.dpoEmail}`} className={textLinkClass}>
            {company.dpoEmail}
          </a>
        </Term>
        <Term term="Suporte">
          Telefone{' '}
          <a href={telHref(supportPhone)} className={textLinkClass}>
            {supportPhone}
          </a>{' '}
          e e-mail{' '}
          <a href={`mailto:${supportEmail}`} className={textLinkClass}>
            {supportEmail}
          </a>
          .
        </Term>
      </dl>
      <p>
        Para assuntos de privacidade e para o exercício dos direitos do titular, prefira o e-mail do
        Encarregado. Dúvidas sobre o cadastro podem ser tratadas com o suporte.
      </p>
    </>
  );
}

function GoverningLaw() {
  return (
    <p>
      Esta Política é regida pelas leis da República Federativa do Brasil, em especial a LGPD. Fica
      eleito o foro da Comarca do Rio de Janeiro/RJ para dirimir questões dela decorrentes,
      ressalvadas as hipóteses em que a lei assegura ao titular a escolha do foro do seu domicílio.
    </p>
  );
}

function Acceptance() {
  return (
    <>
      <p>
        Ao utilizar o portal e, na etapa de revisão do cadastro, marcar o aceite relativo à LGPD,
        você declara ter lido e compreendido esta Política de Privacidade.
      </p>
      <p>
        Se não concordar com ela, não prossiga com o cadastro. Os dados solicitados são necessários
        à verificação de identidade exigida por lei: sem eles, não é possível abrir a conta.
      </p>
    </>
  );
}

export const privacySections: PrivacySection[] = [
  { id: 'introducao', title: 'Introdução', Body: Introduction },
  { id: 'definicoes', title: 'Definições', Body: Definitions },
  { id: 'dados-coletados', title: 'Dados coletados', Body: DataCollected },
  { id: 'finalidades', title: 'Finalidades do tratamento', Body: Purposes },
  { id: 'bases-legais', title: 'Bases legais', Body: LegalBases },
  { id: 'compartilhamento', title: 'Compartilhamento de dados', Body: Sharing },
  { id: 'armazenamento-e-seguranca', title: 'Armazenamento e segurança', Body: StorageAndSecurity },
  { id: 'direitos-do-titular', title: 'Direitos do titular', Body: DataSubjectRights },
  {
    id: 'portal-e-aplicativo',
    title: 'Diferenças entre o portal e o aplicativo',
    Body: PortalAndApp,
  },
  { id: 'alteracoes', title: 'Alterações desta política', Body: Changes },
  { id: 'contato', title: 'Contato', Body: Contact },
  { id: 'lei-aplicavel-e-foro', title: 'Lei aplicável e foro', Body: GoverningLaw },
  { id: 'aceitacao', title: 'Aceitação', Body: Acceptance },
];
