import { ArrowRight, CircleHelp, FileText } from 'lucide-react';
import { Link } from 'react-router';
import { SectionLink } from '../../../components/layouts/section-link';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { landingSections, paths } from '../../../config/paths';
import { LegalPageHeader } from './legal-text';
import { controlAreas, highlights } from './security-content';

const sectionTitleClass = 'text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl';

function Highlights() {
  return (
    <section>
      <h2 className={sectionTitleClass}>Compromissos em destaque</h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {highlights.map(({ icon: Icon, title, text, comingSoon }) => (
          <li key={title} className="flex">
            <Card className="flex w-full flex-col">
              <CardHeader>
                <span className="flex size-11 items-center justify-center rounded-lg bg-primary-soft text-teal-800">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <CardTitle className="pt-2 text-slate-900">{title}</CardTitle>
              </CardHeader>
              <CardContent className="space-y-3 text-sm text-slate-700">
                <p>{text}</p>
                {comingSoon && (
                  <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                    {comingSoon}
                    <Badge variant="secondary">Em breve</Badge>
                  </p>
                )}
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ControlTabs() {
  return (
    <section>
      <h2 id="controles" className={sectionTitleClass}>
        Como protegemos o seu cadastro
      </h2>
      <p className="mt-3 max-w-3xl text-slate-700">
        Escolha uma área para ver os controles que aplicamos. Com o teclado, use as setas para
        trocar de aba.
      </p>
      <Tabs defaultValue={controlAreas[0]?.value} className="mt-6">
        <TabsList aria-labelledby="controles" className="w-full sm:w-auto">
          {controlAreas.map(({ value, label, icon: Icon }) => (
            <TabsTrigger key={value} value={value}>
              <Icon aria-hidden="true" />
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        {controlAreas.map(({ value, intro, controls }) => (
          <TabsContent key={value} value={value} className="pt-2">
            <p className="text-slate-700">{intro}</p>
            <ul className="mt-4 grid gap-4 md:grid-cols-2">
              {controls.map(({ title, text }) => (
                <li key={title} className="rounded-lg border bg-white p-5">
                  <h3 className="font-semibold text-slate-900">{title}</h3>
                  <p className="mt-2 text-sm leading-relaxed text-slate-700">{text}</p>
                </li>
              ))}
            </ul>
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}

function LearnMore() {
  return (
    <section className="rounded-lg border bg-slate-50 p-6 sm:p-8">
      <h2 className={sectionTitleClass}>Saiba mais</h2>
      <p className="mt-3 max-w-3xl text-slate-700">
        Veja como tratamos os seus dados pessoais e como exercer os seus direitos, ou consulte as
        respostas às dúvidas mais comuns.
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Button asChild>
          <Link to={paths.privacyPolicy}>
            <FileText aria-hidden="true" />
            Política de Privacidade
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
        <Button asChild variant="outline">
          <SectionLink section={landingSections.faq}>
            <CircleHelp aria-hidden="true" />
            Perguntas frequentes
          </SectionLink>
        </Button>
      </div>
    </section>
  );
}

/** The security and compliance page: highlights, the five control areas as tabs, and links. */
export function SecurityOverview() {
  return (
    <>
      <LegalPageHeader
        title="Segurança e Compliance"
        lead="A conta MediPay nasce de uma verificação de identidade rigorosa. Conheça os controles que protegem os seus dados e documentos desde o primeiro passo do cadastro, e como cumprimos a LGPD."
      />
      <div className="mx-auto max-w-6xl space-y-16 px-4 py-10 sm:px-6 sm:py-14">
        <Highlights />
        <ControlTabs />
        <LearnMore />
      </div>
    </>
  );
}
