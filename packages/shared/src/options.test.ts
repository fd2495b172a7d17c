import { describe, expect, it } from 'vitest';
import {
  areaAtuacaoOptions,
  bancoOptions,
  bancoValues,
  docProfissionalOptions,
  estadoCivilOptions,
  faturamentoMensalValues,
  labelOf,
  nacionalidadeOptions,
  numeroFuncionariosValues,
  pepTipoValues,
  responsavelCargoValues,
  tipoContaValues,
  tipoEmpresaOptions,
  ufOptions,
  ufValues,
} from './options';

describe('option lists', () => {
  it('have the labels of the spec', () => {
    expect(nacionalidadeOptions.map((option) => option.label)).toEqual([
      'Brasileira',
      'Naturalizada Brasileira',
      'Estrangeira',
    ]);
    expect(estadoCivilOptions.map((option) => option.label)).toEqual([
      'Solteiro(a)',
      'Casado(a)',
      'Divorciado(a)',
      'Viúvo(a)',
      'União Estável',
    ]);
    expect(tipoEmpresaOptions.map((option) => `${option.value}:${option.label}`)).toEqual([
      'hospital:Hospital',
      'clinica:Clínica',
      'organizacao_social:Organização Social',
      'laboratorio:Laboratório',
      'centro_diagnostico:Centro de Diagnóstico',
      'ambulatorio:Ambulatório',
      'outros:Outros',
    ]);
  });

  it('have the values of the spec', () => {
    expect(docProfissionalOptions.map((option) => option.value)).toEqual([
      'CRM',
      'COREN',
      'CRF',
      'CRO',
      'CREFITO',
      'CRP',
      'CRTR',
      'OUTRO',
    ]);
    expect(docProfissionalOptions[0].label).toBe('CRM - Conselho Regional de Medicina');
    expect(pepTipoValues).toEqual(['NAO', 'PEP', 'RELACIONADO']);
    expect(areaAtuacaoOptions.map((option) => option.value)).toEqual([
      'cardiologia',
      'ortopedia',
      'neurologia',
      'oncologia',
      'pediatria',
      'ginecologia',
      'urologia',
      'oftalmologia',
      'psiquiatria',
      'geral',
      'outros',
    ]);
    expect(responsavelCargoValues).toEqual([
      'diretor',
      'socio',
      'administrador',
      'procurador',
      'representante_legal',
      'outros',
    ]);
    expect(tipoContaValues).toEqual(['corrente', 'poupanca']);
    expect(faturamentoMensalValues).toEqual([
      'ate_50k',
      '50k_100k',
      '100k_500k',
      '500k_1m',
      'acima_1m',
    ]);
    expect(numeroFuncionariosValues).toEqual(['1_10', '11_50', '51_100', '101_500', 'acima_500']);
  });

  it('list the 27 states once each', () => {
    expect(ufOptions).toHaveLength(27);
    expect(new Set(ufValues).size).toBe(27);
    expect(ufValues).toEqual(expect.arrayContaining(['SP', 'RJ', 'DF', 'TO']));
  });

  it('start the banks with the spec codes and keep codes unique', () => {
    expect(bancoValues.slice(0, 10)).toEqual([
      '001',
      '104',
      '237',
      '341',
      '033',
      '356',
      '422',
      '633',
      '260',
      '077',
    ]);
    expect(new Set(bancoValues).size).toBe(bancoValues.length);
    for (const bank of bancoOptions) expect(bank.label.startsWith(`${bank.value} - `)).toBe(true);
  });

  it('label a value, and show an unknown value as is', () => {
    expect(labelOf(ufOptions, 'SP')).toBe('São Paulo');
    expect(labelOf(ufOptions, 'XX')).toBe('XX');
    expect(labelOf(ufOptions, null)).toBe('');
  });
});
