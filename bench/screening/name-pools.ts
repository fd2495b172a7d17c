// The screening benchmark's own pools of Brazilian given names and surnames (independent of the
// API's fictitious-lists.ts): frequent names of Brazil, roughly in order of frequency (the order
// sets their weights), spelled as registered, accents included. Names are drawn from these pools
// and combined at random, so no row describes a real person.

// prettier-ignore
export const maleGiven = [
  'José', 'João', 'Antônio', 'Francisco', 'Carlos', 'Paulo', 'Pedro', 'Lucas', 'Luiz', 'Marcos',
  'Luís', 'Gabriel', 'Rafael', 'Daniel', 'Marcelo', 'Bruno', 'Eduardo', 'Felipe', 'Raimundo',
  'Rodrigo', 'Manoel', 'Mateus', 'André', 'Fernando', 'Fábio', 'Leonardo', 'Gustavo',
  'Guilherme', 'Leandro', 'Tiago', 'Anderson', 'Ricardo', 'Márcio', 'Jorge', 'Sebastião',
  'Alexandre', 'Roberto', 'Edson', 'Diego', 'Vítor', 'Sérgio', 'Cláudio', 'Matheus', 'Thiago',
  'Geraldo', 'Adriano', 'Luciano', 'Júlio', 'Renato', 'Alex', 'Vinícius', 'Rogério', 'Samuel',
  'Ronaldo', 'Mário', 'Flávio', 'Igor', 'Douglas', 'Davi', 'Manuel', 'Jefferson', 'Wellington',
  'Alan', 'Wallace', 'William', 'Wagner', 'Washington', 'Wesley', 'Robson', 'Nelson', 'Raphael',
  'Arthur', 'Artur', 'Henrique', 'Otávio', 'Caio', 'Murilo', 'Heitor', 'Enzo', 'Yuri',
  'Joaquim', 'Benedito', 'Valdir', 'Vanderlei', 'Josué', 'Cristiano', 'Emerson', 'Everton',
  'Cleiton', 'Gilberto', 'Hélio', 'Ivo', 'Rui', 'Osvaldo', 'Moisés', 'Elias', 'Thales',
  'Kléber', 'Adilson', 'Ademir', 'Joel', 'Gerson', 'Natan', 'Ítalo', 'Ulisses', 'Wilson',
  'Edmilson', 'Francisval', 'Reginaldo', 'Jailson', 'Valmir', 'Cícero', 'Severino', 'Benjamin',
  'Miguel', 'Bernardo', 'Lorenzo', 'Théo', 'Nicolas', 'Kauã', 'Ygor', 'Phelipe', 'Chrystian',
];

// prettier-ignore
export const femaleGiven = [
  'Maria', 'Ana', 'Francisca', 'Antônia', 'Adriana', 'Juliana', 'Márcia', 'Fernanda',
  'Patrícia', 'Aline', 'Sandra', 'Camila', 'Amanda', 'Bruna', 'Jéssica', 'Letícia', 'Júlia',
  'Luciana', 'Vanessa', 'Mariana', 'Gabriela', 'Vera', 'Vitória', 'Larissa', 'Cláudia',
  'Beatriz', 'Luana', 'Rita', 'Sônia', 'Renata', 'Eliane', 'Josefa', 'Simone', 'Natália',
  'Cristiane', 'Carla', 'Débora', 'Rosângela', 'Jaqueline', 'Rosa', 'Daniela', 'Aparecida',
  'Marlene', 'Terezinha', 'Raimunda', 'Andréia', 'Fabiana', 'Lúcia', 'Raquel', 'Ângela',
  'Rafaela', 'Joana', 'Luzia', 'Elaine', 'Daniele', 'Regina', 'Daiane', 'Sueli', 'Alessandra',
  'Isabel', 'Isabella', 'Stephanie', 'Yasmin', 'Thaís', 'Kelly', 'Suellen', 'Thaynara',
  'Mayara', 'Tereza', 'Teresa', 'Gabriella', 'Giovanna', 'Emanuelle', 'Cecília', 'Helena',
  'Inês', 'Luíza', 'Priscila', 'Tatiane', 'Viviane', 'Michele', 'Roberta', 'Silvana', 'Valéria',
  'Vânia', 'Edna', 'Ivone', 'Neuza', 'Célia', 'Irene', 'Sílvia', 'Carolina', 'Manuela', 'Alice',
  'Laura', 'Sofia', 'Lívia', 'Heloísa', 'Cristina', 'Lorena', 'Milena', 'Jussara', 'Rayane',
  'Sheila', 'Wanessa', 'Ester', 'Eva', 'Glória', 'Iara', 'Joelma', 'Kátia', 'Lourdes',
  'Marta', 'Nair', 'Odete', 'Penha', 'Quitéria', 'Rosilene', 'Solange', 'Zilda', 'Valdirene',
];

/** Second given names that carry their particle ("Maria de Fátima"), for women named Maria. */
export const marianSecondNames = [
  ['de', 'Fátima'],
  ['das', 'Graças'],
  ['do', 'Carmo'],
  ['de', 'Lourdes'],
  ['da', 'Conceição'],
  ['do', 'Socorro'],
  ['da', 'Penha'],
  ['de', 'Jesus'],
] as const;

/**
 * Surnames with the particle they often take and how often they take it ("da Silva" about
 * four times in ten).
 */
// prettier-ignore
export const surnames: readonly (readonly [name: string, particle: string, share: number])[] = [
  ['Silva', 'da', 0.4], ['Santos', 'dos', 0.4], ['Oliveira', 'de', 0.3], ['Souza', 'de', 0.3],
  ['Rodrigues', '', 0], ['Ferreira', '', 0], ['Alves', '', 0], ['Pereira', '', 0],
  ['Lima', 'de', 0.2], ['Gomes', '', 0], ['Costa', 'da', 0.3], ['Ribeiro', '', 0],
  ['Martins', '', 0], ['Carvalho', 'de', 0.2], ['Almeida', 'de', 0.25], ['Lopes', '', 0],
  ['Soares', '', 0], ['Fernandes', '', 0], ['Vieira', '', 0], ['Barbosa', '', 0],
  ['Rocha', 'da', 0.15], ['Dias', '', 0], ['Nascimento', 'do', 0.5], ['Andrade', 'de', 0.2],
  ['Moreira', '', 0], ['Nunes', '', 0], ['Marques', '', 0], ['Machado', '', 0],
  ['Mendes', '', 0], ['Freitas', 'de', 0.2], ['Cardoso', '', 0], ['Ramos', '', 0],
  ['Gonçalves', '', 0], ['Santana', '', 0], ['Teixeira', '', 0], ['Araújo', 'de', 0.15],
  ['Jesus', 'de', 0.6], ['Conceição', 'da', 0.6], ['Sousa', 'de', 0.3], ['Cavalcanti', '', 0],
  ['Pinto', '', 0], ['Correia', '', 0], ['Melo', 'de', 0.2], ['Bezerra', '', 0],
  ['Batista', '', 0], ['Campos', '', 0], ['Moura', 'de', 0.15], ['Monteiro', '', 0],
  ['Miranda', '', 0], ['Cunha', 'da', 0.2], ['Reis', 'dos', 0.4], ['Xavier', '', 0],
  ['Chaves', '', 0], ['Mattos', 'de', 0.2], ['Braga', '', 0], ['Prado', 'do', 0.2],
  ['Assunção', 'da', 0.3], ['Falcão', '', 0], ['Brandão', '', 0], ['Magalhães', '', 0],
  ['Guimarães', '', 0], ['Farias', '', 0], ['Barros', 'de', 0.2], ['Castro', 'de', 0.25],
  ['Moraes', 'de', 0.25], ['Pires', '', 0], ['Rezende', '', 0], ['Borges', '', 0],
  ['Medeiros', '', 0], ['Azevedo', '', 0], ['Siqueira', '', 0], ['Tavares', '', 0],
  ['Sales', '', 0], ['Aguiar', '', 0], ['Queiroz', '', 0], ['Macedo', '', 0],
  ['Fonseca', 'da', 0.2], ['Coelho', '', 0], ['Neves', 'das', 0.8], ['Paiva', '', 0],
  ['Leite', '', 0], ['Peixoto', '', 0], ['Bastos', '', 0], ['Vasconcelos', '', 0],
  ['Lacerda', '', 0], ['Assis', 'de', 0.7], ['Paula', 'de', 0.7], ['Morais', 'de', 0.2],
  ['Duarte', '', 0], ['Rangel', '', 0], ['Cruz', 'da', 0.3], ['Franco', '', 0],
  ['Sampaio', '', 0], ['Amaral', 'do', 0.2], ['Bittencourt', '', 0], ['Nogueira', '', 0],
  ['Figueiredo', '', 0], ['Fontes', '', 0], ['Lemos', '', 0], ['Matos', '', 0],
  ['Valente', '', 0], ['Serra', '', 0], ['Viana', '', 0], ['Brito', '', 0], ['Nóbrega', '', 0],
  ['Damasceno', '', 0], ['Calheiros', '', 0], ['Simões', '', 0], ['Loureiro', '', 0],
  ['Peçanha', '', 0], ['Mello', 'de', 0.2], ['Thomaz', '', 0], ['Ferraz', '', 0],
  ['Muniz', '', 0], ['Diniz', '', 0], ['Luz', 'da', 0.5], ['Paz', 'da', 0.5], ['Vaz', '', 0],
  ['Ferrari', '', 0], ['Rossi', '', 0], ['Colombo', '', 0], ['Schmidt', '', 0],
  ['Nakamura', '', 0], ['Tanaka', '', 0], ['Hoffmann', '', 0], ['Albuquerque', 'de', 0.2],
  ['Holanda', 'de', 0.3], ['Gusmão', '', 0], ['Philippi', '', 0],
  ['Thebas', '', 0], ['Pacheco', '', 0], ['Cordeiro', '', 0], ['Resende', '', 0],
];

export const suffixes = ['Filho', 'Júnior', 'Neto', 'Sobrinho'] as const;

/** Cargos and órgãos of the fictitious PEP rows (acronym, description, level). */
export const functions: readonly (readonly [string, string, string])[] = [
  ['PREF', 'Prefeito', 'Eletivo'],
  ['VICE-PREF', 'Vice-Prefeito', 'Eletivo'],
  ['VER', 'Vereador', 'Eletivo'],
  ['DEP EST', 'Deputado Estadual', 'Eletivo'],
  ['DEP FED', 'Deputado Federal', 'Eletivo'],
  ['SEC MUN', 'Secretário Municipal', 'Secretário'],
  ['SEC EST', 'Secretário de Estado', 'Secretário'],
  ['DAS 101.5', 'Diretor', 'DAS-5'],
  ['DAS 101.6', 'Secretário Nacional', 'DAS-6'],
  ['CCE 1.17', 'Coordenador-Geral', 'CCE-17'],
  ['FCE 1.15', 'Assessor Especial', 'FCE-15'],
  ['PRES', 'Presidente de Autarquia', 'Dirigente'],
  ['CONS TCE', 'Conselheiro de Tribunal de Contas', 'Conselheiro'],
];

export const agencies = [
  'Câmara Municipal de Santa Luzia do Norte',
  'Prefeitura Municipal de Vila Esperança',
  'Assembleia Legislativa do Estado',
  'Câmara dos Deputados',
  'Ministério da Integração Regional',
  'Secretaria Estadual de Saúde',
  'Secretaria Municipal de Obras',
  'Tribunal de Contas do Estado',
  'Agência Reguladora de Transportes',
  'Fundação Estadual de Pesquisa',
  'Instituto Federal de Previdência',
  'Companhia Estadual de Águas',
];
