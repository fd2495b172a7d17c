import { describe, expect, it } from 'vitest';
import {
  cargoFromQualification,
  chooseResponsiblePartner,
  guessAreaAtuacao,
  guessTipoEmpresa,
  normalizeText,
} from './company-registry';

describe('company type from the main activity (CNAE descriptions)', () => {
  it.each([
    [
      'Atividades de atendimento hospitalar, exceto pronto-socorro e unidades para atendimento a urgências',
      'hospital',
    ],
    [
      'Atividades de atendimento em pronto-socorro e unidades hospitalares para atendimento a urgências',
      'hospital',
    ],
    ['Laboratórios clínicos', 'laboratorio'],
    ['Laboratórios de anatomia patológica e citológica', 'laboratorio'],
    [
      'Serviços de diagnóstico por imagem com uso de radiação ionizante, exceto tomografia',
      'centro_diagnostico',
    ],
    ['Serviços de ressonância magnética', 'centro_diagnostico'],
    ['Serviços de tomografia', 'centro_diagnostico'],
    [
      'Serviços de diagnóstico por métodos ópticos - endoscopia e outros exames análogos',
      'centro_diagnostico',
    ],
    [
      'Atividade médica ambulatorial com recursos para realização de procedimentos cirúrgicos',
      'ambulatorio',
    ],
    [
      'Atividade médica ambulatorial com recursos para realização de exames complementares',
      'ambulatorio',
    ],
    ['Atividade médica ambulatorial restrita a consultas', 'clinica'],
    ['Atividade odontológica', 'clinica'],
    ['Atividades de fisioterapia', 'clinica'],
    ['Serviços de quimioterapia', 'clinica'],
    ['Atividades de associações de defesa de direitos sociais', 'organizacao_social'],
    ['Comércio varejista de mercadorias em geral', 'outros'],
    ['', 'outros'],
  ])('%s -> %s', (activity, expected) => {
    expect(guessTipoEmpresa(activity)).toBe(expected);
  });

  it('accepts a missing activity', () => {
    expect(guessTipoEmpresa(null)).toBe('outros');
    expect(guessTipoEmpresa(undefined)).toBe('outros');
  });
});

describe('specialty area from the main activity', () => {
  it.each([
    ['Serviços de quimioterapia', 'oncologia'],
    ['Serviços de radioterapia', 'oncologia'],
    ['Clínica de cardiologia e hemodinâmica', 'cardiologia'],
    ['Clínica de neurologia', 'neurologia'],
    ['Clínica de ortopedia e traumatologia', 'ortopedia'],
    ['Hospital pediátrico', 'pediatria'],
    ['Atividades de reprodução humana assistida', 'ginecologia'],
    ['Serviços de litotripsia', 'urologia'],
    ['Clínica de oftalmologia', 'oftalmologia'],
    [
      'Atividades de assistência psicossocial e à saúde a portadores de distúrbios psíquicos, deficiência mental e dependência química',
      'psiquiatria',
    ],
    ['Atividades de atendimento hospitalar, exceto pronto-socorro', 'geral'],
    ['Laboratórios clínicos', 'geral'],
    ['Comércio varejista de mercadorias em geral', 'outros'],
    ['', 'outros'],
  ])('%s -> %s', (activity, expected) => {
    expect(guessAreaAtuacao(activity)).toBe(expected);
  });

  it('does not mistake a word that merely contains a keyword', () => {
    // 'agroneurologia' is not a word, but 'neuro' must start a word to count.
    expect(guessAreaAtuacao('Comércio de agroneuroquímicos')).toBe('outros');
    expect(guessAreaAtuacao(null)).toBe('outros');
  });
});

describe('responsible partner', () => {
  const partner = (nome: string, qual: string) => ({ nome, qual });

  it('prefers sócio-administrador, then administrador, diretor, sócio, then the first', () => {
    const socio = partner('Ana', '22-Sócio');
    const diretor = partner('Bruno', '10-Diretor');
    const administrador = partner('Carla', '05-Administrador');
    const socioAdministrador = partner('Davi', '49-Sócio-Administrador');
    const procurador = partner('Eva', '17-Procurador');

    expect(chooseResponsiblePartner([socio, diretor, administrador, socioAdministrador])).toBe(
      socioAdministrador,
    );
    expect(chooseResponsiblePartner([socio, diretor, administrador])).toBe(administrador);
    expect(chooseResponsiblePartner([socio, diretor])).toBe(diretor);
    expect(chooseResponsiblePartner([procurador, socio])).toBe(socio);
    expect(chooseResponsiblePartner([procurador])).toBe(procurador);
    expect(chooseResponsiblePartner([])).toBeUndefined();
  });

  it('maps a qualification to a representative role', () => {
    expect(cargoFromQualification('49-Sócio-Administrador')).toBe('administrador');
    expect(cargoFromQualification('05-Administrador')).toBe('administrador');
    expect(cargoFromQualification('10-Diretor')).toBe('diretor');
    expect(cargoFromQualification('16-Presidente')).toBe('diretor');
    expect(cargoFromQualification('17-Procurador')).toBe('procurador');
    expect(cargoFromQualification('Representante da Pessoa Jurídica')).toBe('representante_legal');
    expect(cargoFromQualification('22-Sócio')).toBe('socio');
    expect(cargoFromQualification('65-Titular Pessoa Física')).toBe('outros');
  });

  it('normalises text for matching', () => {
    expect(normalizeText('  Sócio-Administrador  ')).toBe('socio administrador');
  });
});
