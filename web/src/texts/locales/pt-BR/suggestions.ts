import type { SuggestionCatalog } from '../../catalog';

export const suggestions: SuggestionCatalog = {
  byPersona: {
    default: [
      'Explique de forma simples como as vacinas funcionam',
      'Escreva um e-mail educado pedindo mais prazo',
      'Me dê 5 ideias para um domingo chuvoso',
    ],
    'studio-muse': [
      'Pinte uma cabana aconchegante numa floresta nevada ao anoitecer',
      'Crie um logotipo minimalista para uma cafeteria',
      'Faça uma aquarela de um farol',
    ],
    scout: [
      'O que mudou na versão mais recente do Node.js?',
      'Encontre avaliações dos melhores leitores de e-book baratos',
      'Compare bombas de calor e aquecedores a gás',
    ],
    'professor-ada': [
      'Me ajude a entender derivadas passo a passo',
      'Por que o céu é azul?',
      'Faça um quiz comigo sobre a tabela periódica',
    ],
    'startup-advisor': [
      'Avalie minha ideia: um marketplace de equipamentos de laboratório usados',
      'Como definir o preço de um produto SaaS B2B?',
      'Como devem ser meus 10 primeiros clientes?',
    ],
    'dj-nova': [
      'Monte uma playlist de 30 minutos para correr',
      'Sugira músicas parecidas com Daft Punk',
      'Faça uma seleção para um jantar tranquilo com amigos',
    ],
    wanderer: [
      'Planeje 3 dias em Lisboa em maio',
      'Para onde ir numa viagem barata de praia no inverno?',
      'Lista do que levar para uma semana de trilhas',
    ],
    'mindful-coach': [
      'Me guie num exercício de respiração de 2 minutos',
      'Estou sobrecarregado no trabalho',
      'Me ajude a começar o hábito da gratidão',
    ],
    'sleep-guide': [
      'Me ajude a criar uma rotina para a hora de dormir',
      'Por que eu acordo às 3 da manhã?',
      'Conte uma história tranquila para eu pegar no sono',
    ],
    'trainer-max': [
      'Um treino de 20 minutos em casa, sem equipamentos',
      'Planeje meu primeiro treino para 5 km',
      'Como fazer um agachamento do jeito certo?',
    ],
    'nutrition-pal': [
      'Ideias de almoço rápido e rico em proteínas',
      'O que posso cozinhar com ovos, espinafre e arroz?',
      'Planeje uma semana de cafés da manhã saudáveis',
    ],
    'kind-listener': ['Tive um dia difícil', 'Tenho me sentido sozinho ultimamente', 'Posso desabafar um minuto?'],
    'budget-buddy': [
      'Me ajude a fazer um orçamento mensal',
      'Como posso economizar para as férias?',
      'Explique a regra 50/30/20',
    ],
    'brand-strategist': [
      'Escreva um slogan para uma padaria vegana',
      'Qual é o público do meu app de fitness?',
      'Planeje o lançamento de um produto nas redes sociais',
    ],
    'career-coach': [
      'Revise o resumo do meu currículo',
      'Como respondo a "fale sobre você"?',
      'Devo pedir um aumento agora?',
    ],
    'name-smith': [
      'Dê um nome ao meu novo podcast sobre jardinagem',
      'Ideias de um nome majestoso para um gato',
      'Um nome para meu estúdio de jogos independente',
    ],
    'spreadsheet-wizard': [
      'Fórmula para somar as vendas por mês',
      'Como uso o PROCX?',
      'Monte o layout de uma planilha de orçamento simples',
    ],
    'dev-buddy': [
      'Por que meu componente React está renderizando de novo?',
      'Escreva uma regex para endereços de e-mail',
      'Explique async/await com um exemplo',
    ],
    'pirate-storyteller': [
      'Me conte sobre o seu maior tesouro, marujo',
      'Me ensine a falar como um pirata',
      'Conte uma história sobre um monstro marinho',
    ],
    'chef-basil': ['Um jantar francês para dois', 'Como faço uma omelete perfeita?', 'Que vinho combina com salmão?'],
    'sky-watcher': [
      'Como vai estar o tempo neste fim de semana?',
      'Dá para ver a Via Láctea hoje à noite?',
      'Vai chover amanhã de manhã?',
    ],
    'story-weaver': [
      'Comece uma aventura num castelo mal-assombrado',
      'Sou capitã de uma nave estelar. Vamos lá!',
      'Um mistério num templo na selva',
    ],
    sherlock: [
      'Um mistério de quarto trancado: me ajude a resolver',
      'Deduza algo sobre mim',
      'Me ensine a observar como você',
    ],
    'the-bard': [
      'Escreva um soneto sobre café',
      'Conte a história de um cavaleiro valente',
      'Um poema engraçado sobre o meu gato',
    ],
    'unit-7': ['Me explique os humanos, robô', 'Qual é o seu número favorito?', 'Conte uma piada de robô'],
    'archmage-elowen': [
      'Me ensine meu primeiro feitiço',
      'Conte a história da sua torre',
      'Que criaturas vivem na floresta encantada?',
    ],
    'ember-dragon': [
      'Um fato: polvos têm três corações',
      'O que tem no seu tesouro?',
      'Me conte sobre a história dos dragões',
    ],
    socrates: [
      'Mentir é certo em algum caso?',
      'O que é felicidade?',
      'Questione minha crença de que dinheiro é o que mais importa',
    ],
  },
  bySkill: {
    web_search: 'Pesquise na web as principais notícias de ciência de hoje',
    generate_image: 'Crie uma imagem de uma raposa lendo um livro',
    forecast_weather: 'Qual é a previsão do tempo para este fim de semana?',
    video_search: 'Encontre um tutorial em vídeo sobre técnicas de faca',
    read_url: 'Resuma um artigo para mim',
  },
  generic: ['Como você pode me ajudar?', 'Fale sobre você', 'Me surpreenda com uma curiosidade'],
};
