/**
 * The built-in personas (seed-data.ts, keyed by their id) in Spanish, French and Brazilian Portuguese:
 * description and greeting, and the name where it describes rather than names (proper names stay).
 * The internal, unpublished `lab-experimental` has no translation.
 */
interface SeedTranslation {
  name?: string;
  description: string;
  greeting: string;
}

type Locales = { es: SeedTranslation; fr: SeedTranslation; 'pt-BR': SeedTranslation };

export const seedTranslationsEsFrPt: Record<string, Locales> = {
  default: {
    es: {
      description:
        'Tu asistente para el día a día: respuestas, ideas, borradores y explicaciones sobre cualquier tema.',
      greeting: '¡Hola! Soy Neura. ¿En qué te puedo ayudar hoy?',
    },
    fr: {
      description: 'Votre assistante au quotidien : réponses, idées, brouillons et explications sur tous les sujets.',
      greeting: 'Bonjour ! Je suis Neura. Que puis-je faire pour vous aujourd’hui ?',
    },
    'pt-BR': {
      description: 'Seu assistente do dia a dia: respostas, ideias, rascunhos e explicações sobre qualquer assunto.',
      greeting: 'Oi! Eu sou o Neura. Como posso ajudar você hoje?',
    },
  },
  'studio-muse': {
    es: {
      description: 'Crea, edita, repara y cambia el tamaño de imágenes a partir de una simple descripción.',
      greeting: 'Describe la imagen que tienes en la cabeza, aunque sea a grandes rasgos, y yo la pintaré.',
    },
    fr: {
      description: 'Crée, retouche, répare et redimensionne des images à partir d’une simple description.',
      greeting: 'Décrivez l’image que vous avez en tête, même grossièrement, et je la peindrai.',
    },
    'pt-BR': {
      description: 'Cria, edita, restaura e redimensiona imagens a partir de uma descrição simples.',
      greeting: 'Descreva a imagem que está na sua cabeça, mesmo por alto, e eu vou pintá-la.',
    },
  },
  scout: {
    es: {
      description: 'Un asistente de investigación que busca en la web, lee páginas y encuentra vídeos por ti.',
      greeting: '¿Qué quieres que investigue por ti?',
    },
    fr: {
      description: 'Un assistant de recherche qui cherche sur le Web, lit des pages et trouve des vidéos pour vous.',
      greeting: 'Sur quoi voulez-vous que j’enquête ?',
    },
    'pt-BR': {
      description: 'Um assistente de pesquisa que busca na web, lê páginas e encontra vídeos para você.',
      greeting: 'O que você quer que eu investigue?',
    },
  },
  'professor-ada': {
    es: {
      name: 'Profesora Ada',
      description: 'Una tutora paciente de matemáticas, ciencias y técnicas de estudio, paso a paso.',
      greeting: '¿Qué vamos a aprender hoy? Cuéntame dónde te has atascado.',
    },
    fr: {
      name: 'Professeure Ada',
      description: 'Une tutrice patiente en maths, en sciences et en méthodes de travail, pas à pas.',
      greeting: 'Qu’apprenons-nous aujourd’hui ? Dites-moi où vous bloquez.',
    },
    'pt-BR': {
      name: 'Professora Ada',
      description: 'Uma tutora paciente de matemática, ciências e técnicas de estudo, um passo de cada vez.',
      greeting: 'O que vamos aprender hoje? Me conte onde você travou.',
    },
  },
  'startup-advisor': {
    es: {
      name: 'Asesor de startups',
      description:
        'Opiniones certeras sobre ideas de negocio, precios, presentaciones para inversores y planes de lanzamiento.',
      greeting: 'Cuéntame qué estás construyendo y para quién.',
    },
    fr: {
      name: 'Conseiller startup',
      description:
        'Des retours francs sur vos idées d’entreprise, vos prix, vos pitch decks et vos plans de lancement.',
      greeting: 'Dites-moi ce que vous construisez, et pour qui.',
    },
    'pt-BR': {
      name: 'Mentor de Startups',
      description: 'Feedback certeiro sobre ideias de negócio, preços, pitch decks e planos de entrada no mercado.',
      greeting: 'Me conte o que você está construindo e para quem.',
    },
  },
  'dj-nova': {
    es: {
      description: 'Compone fragmentos musicales originales a partir de un estado de ánimo, un género o una historia.',
      greeting: '¡Ey! ¿Qué rollo cocinamos hoy?',
    },
    fr: {
      description: 'Compose des extraits musicaux originaux à partir d’une ambiance, d’un genre ou d’une histoire.',
      greeting: 'Yo ! On part sur quelle vibe aujourd’hui ?',
    },
    'pt-BR': {
      description: 'Compõe trechos musicais originais a partir de um clima, um gênero ou uma história.',
      greeting: 'E aí! Qual é a vibe que vamos criar hoje?',
    },
  },
  wanderer: {
    es: {
      name: 'Trotamundos',
      description: 'Planifica viajes día a día con el tiempo, sitios para comer y cosas que ver.',
      greeting: '¿Adónde vamos? Dime un lugar y unas fechas, y te esbozo el viaje.',
    },
    fr: {
      name: 'Globe-trotteur',
      description: 'Planifie vos voyages jour par jour, avec la météo, des adresses où manger et des choses à voir.',
      greeting: 'On part où ? Donnez-moi un lieu et des dates, et j’esquisse le voyage.',
    },
    'pt-BR': {
      name: 'Andarilho',
      description: 'Planeja viagens dia a dia com a previsão do tempo, lugares para comer e o que visitar.',
      greeting: 'Para onde vamos? Me diga um lugar e as datas, e eu faço um esboço da viagem.',
    },
  },
  'mindful-coach': {
    es: {
      name: 'Coach de mindfulness',
      description: 'Apoyo sereno y práctico para el estrés, la concentración y crear hábitos más amables.',
      greeting: 'Respira despacio. ¿Qué te ronda hoy por la cabeza?',
    },
    fr: {
      name: 'Coach pleine conscience',
      description: 'Un soutien calme et concret face au stress, pour la concentration et des habitudes plus douces.',
      greeting: 'Respirez lentement. Qu’est-ce qui vous occupe l’esprit aujourd’hui ?',
    },
    'pt-BR': {
      name: 'Coach de Mindfulness',
      description: 'Apoio calmo e prático para o estresse, o foco e a criação de hábitos mais gentis.',
      greeting: 'Respire devagar. O que está passando pela sua cabeça hoje?',
    },
  },
  'sleep-guide': {
    es: {
      name: 'Guía del sueño',
      description: 'Rutinas para desconectar, cuentos para dormir y hábitos de sueño basados en la evidencia.',
      greeting: '¿Te preparas para dormir o quieres mejorar tu sueño? Sea como sea, aquí estoy.',
    },
    fr: {
      name: 'Guide du sommeil',
      description: 'Rituels du soir, histoires pour s’endormir et habitudes de sommeil fondées sur la science.',
      greeting: 'Vous vous préparez à dormir, ou vous voulez mieux dormir ? Dans les deux cas, je suis là.',
    },
    'pt-BR': {
      name: 'Guia do Sono',
      description: 'Rotinas para desacelerar, histórias para dormir e hábitos de sono baseados em evidências.',
      greeting: 'Se preparando para dormir ou querendo melhorar seu sono? De qualquer forma, estou aqui.',
    },
  },
  'trainer-max': {
    es: {
      name: 'Entrenador Max',
      description: 'Planes de entrenamiento para cualquier nivel, con consejos de técnica y seguimiento del progreso.',
      greeting: '¿Con ganas de moverte? Cuéntame tu objetivo y qué material tienes.',
    },
    fr: {
      name: 'Coach Max',
      description:
        'Des programmes d’entraînement pour tous les niveaux, avec conseils de posture et suivi des progrès.',
      greeting: 'Envie de bouger ? Dites-moi votre objectif et le matériel dont vous disposez.',
    },
    'pt-BR': {
      name: 'Treinador Max',
      description: 'Planos de treino para qualquer nível, com dicas de execução e acompanhamento do progresso.',
      greeting: 'Bora se mexer? Me conte seu objetivo e quais equipamentos você tem.',
    },
  },
  'nutrition-pal': {
    es: {
      name: 'Nutriamigo',
      description: 'Ideas de comidas equilibradas, listas de la compra y respuestas claras sobre alimentación.',
      greeting: '¿Con hambre de ideas? Cuéntame qué te gusta y qué tienes en la nevera.',
    },
    fr: {
      name: 'Copain Nutrition',
      description: 'Des idées de repas équilibrés, des listes de courses et des réponses claires sur l’alimentation.',
      greeting: 'En panne d’idées ? Dites-moi ce que vous aimez et ce qu’il y a dans votre frigo.',
    },
    'pt-BR': {
      name: 'Parceiro da Nutrição',
      description: 'Ideias de refeições equilibradas, listas de compras e respostas diretas sobre alimentação.',
      greeting: 'Com fome de ideias? Me conte do que você gosta e o que tem na sua geladeira.',
    },
  },
  'kind-listener': {
    es: {
      name: 'Escucha amable',
      description: 'Un espacio cálido y sin juicios para hablar de lo que te preocupa.',
      greeting: 'Estoy aquí y te escucho. ¿Cómo estás, de verdad?',
    },
    fr: {
      name: 'Oreille bienveillante',
      description: 'Un espace chaleureux et sans jugement pour parler de ce qui vous préoccupe.',
      greeting: 'Je suis là et je vous écoute. Comment allez-vous, vraiment ?',
    },
    'pt-BR': {
      name: 'Ouvinte Gentil',
      description: 'Um espaço acolhedor e sem julgamentos para conversar sobre o que está pesando.',
      greeting: 'Estou aqui e estou ouvindo. Como você está, de verdade?',
    },
  },
  'budget-buddy': {
    es: {
      name: 'Amigo del ahorro',
      description: 'Ayuda sin rodeos con presupuestos, metas de ahorro y decisiones de dinero.',
      greeting: 'Hagamos que tu dinero trabaje para ti. ¿Qué tienes en mente?',
    },
    fr: {
      name: 'Copain Budget',
      description: 'Une aide sans détour pour vos budgets, vos objectifs d’épargne et vos décisions d’argent.',
      greeting: 'Faisons travailler votre argent pour vous. Quel est votre projet ?',
    },
    'pt-BR': {
      name: 'Parceiro do Orçamento',
      description: 'Ajuda direta com orçamentos, metas de economia e decisões sobre dinheiro.',
      greeting: 'Vamos fazer seu dinheiro trabalhar para você. O que você está planejando?',
    },
  },
  'brand-strategist': {
    es: {
      name: 'Estratega de marca',
      description: 'Posicionamiento, eslóganes, campañas y visuales de lanzamiento para tu producto.',
      greeting: '¿Qué lanzamos y quién tiene que enterarse?',
    },
    fr: {
      name: 'Stratège de marque',
      description: 'Positionnement, slogans, campagnes et visuels de lancement pour votre produit.',
      greeting: 'Que lançons-nous, et qui doit en entendre parler ?',
    },
    'pt-BR': {
      name: 'Estrategista de Marca',
      description: 'Posicionamento, slogans, campanhas e visuais de lançamento para o seu produto.',
      greeting: 'O que vamos lançar e quem precisa ficar sabendo?',
    },
  },
  'career-coach': {
    es: {
      name: 'Coach profesional',
      description: 'Currículums, cartas de presentación, ensayos de entrevista y negociación salarial.',
      greeting: '¿En qué paso estás: el currículum, la candidatura o la entrevista?',
    },
    fr: {
      name: 'Coach carrière',
      description: 'CV, lettres de motivation, entraînement aux entretiens et négociation salariale.',
      greeting: 'Vous en êtes à quelle étape : le CV, la candidature ou l’entretien ?',
    },
    'pt-BR': {
      name: 'Coach de Carreira',
      description: 'Currículos, cartas de apresentação, treino para entrevistas e negociação salarial.',
      greeting: 'Em qual etapa você está: o currículo, a candidatura ou a entrevista?',
    },
  },
  'name-smith': {
    es: {
      name: 'Forjanombres',
      description: 'Propone nombres memorables y comprueba si el dominio está libre.',
      greeting: 'Dime qué necesita un nombre y forjaré unos cuantos.',
    },
    fr: {
      name: 'Forgeron des noms',
      description: 'Imagine des noms mémorables et vérifie si le nom de domaine est libre.',
      greeting: 'Dites-moi ce qu’il faut nommer, et j’en forgerai quelques-uns.',
    },
    'pt-BR': {
      name: 'Ferreiro de Nomes',
      description: 'Cria nomes memoráveis e verifica se o domínio está livre.',
      greeting: 'Me diga o que precisa de um nome, e eu forjo alguns.',
    },
  },
  'spreadsheet-wizard': {
    es: {
      name: 'Mago de las hojas de cálculo',
      description: 'Fórmulas, tablas dinámicas y modelos ordenados para Excel y Google Sheets.',
      greeting: '¿Qué quieres calcular? Pega unas cuantas filas si puedes.',
    },
    fr: {
      name: 'Magicien des tableurs',
      description: 'Formules, tableaux croisés dynamiques et modèles bien rangés pour Excel et Google Sheets.',
      greeting: 'Que cherchez-vous à calculer ? Collez quelques lignes si vous le pouvez.',
    },
    'pt-BR': {
      name: 'Mago das Planilhas',
      description: 'Fórmulas, tabelas dinâmicas e modelos organizados para Excel e Google Planilhas.',
      greeting: 'O que você quer calcular? Cole algumas linhas, se puder.',
    },
  },
  'dev-buddy': {
    es: {
      name: 'Compañero dev',
      description: 'Programa en pareja contigo: explica, depura y revisa código.',
      greeting: '¿Qué vamos a construir o arreglar? Pega el código o el error.',
    },
    fr: {
      name: 'Binôme dev',
      description: 'Programme en binôme avec vous : explique, débogue et relit votre code.',
      greeting: 'Qu’est-ce qu’on construit ou qu’on répare ? Collez le code ou l’erreur.',
    },
    'pt-BR': {
      name: 'Parceiro Dev',
      description: 'Programa em par com você: explica, depura e revisa código.',
      greeting: 'O que vamos construir ou consertar? Cole o código ou o erro.',
    },
  },
  'pirate-storyteller': {
    es: {
      name: 'Capitán Barbasal',
      description: 'Un pirata curtido que cuenta historias increíbles y lo responde todo en jerga pirata.',
      greeting: '¡Ah del barco, grumete! ¿Qué te trae a bordo de mi navío?',
    },
    fr: {
      name: 'Capitaine Barbe-de-Sel',
      description: 'Un vieux loup de mer qui raconte des histoires à dormir debout et répond à tout en parler pirate.',
      greeting: 'Ohé, moussaillon ! Qu’est-ce qui vous amène à bord de mon navire ?',
    },
    'pt-BR': {
      name: 'Capitão Barba-de-Sal',
      description: 'Um pirata casca-grossa que conta histórias mirabolantes e responde tudo no jeito pirata de falar.',
      greeting: 'Ahoy, marujo! O que traz você a bordo do meu navio?',
    },
  },
  'chef-basil': {
    es: {
      description: 'Un chef alegre con recetas a partir de lo que tienes y sitios para comer cerca.',
      greeting: '¡Bonjour! ¿Qué tienes hoy en la cocina?',
    },
    fr: {
      description: 'Un chef plein d’entrain qui cuisine avec ce que vous avez et connaît les bonnes adresses du coin.',
      greeting: 'Bonjour ! Qu’avez-vous dans votre cuisine aujourd’hui ?',
    },
    'pt-BR': {
      description: 'Um chef animado com receitas a partir do que você tem e lugares para comer por perto.',
      greeting: 'Bonjour! O que tem na sua cozinha hoje?',
    },
  },
  'sky-watcher': {
    es: {
      name: 'Vigía del cielo',
      description: 'Previsiones cercanas, qué ponerte y la ciencia que hay detrás del tiempo.',
      greeting: '¿Dónde estás? Voy a mirar el cielo por ti.',
    },
    fr: {
      name: 'Guetteur du ciel',
      description: 'Des prévisions sympathiques, quoi porter et la science derrière la météo.',
      greeting: 'Où êtes-vous ? Je vais regarder le ciel pour vous.',
    },
    'pt-BR': {
      name: 'Observador do Céu',
      description: 'Previsões amigáveis, o que vestir e a ciência por trás do tempo.',
      greeting: 'Onde você está? Vou dar uma olhada no céu para você.',
    },
  },
  'story-weaver': {
    es: {
      name: 'Tejedora de historias',
      description: 'Aventuras interactivas en las que tus decisiones dan forma al relato.',
      greeting: 'Elige un mundo: ¿castillo encantado, nave estelar, templo en la selva o uno de tu invención?',
    },
    fr: {
      name: 'Tisseuse d’histoires',
      description: 'Des aventures interactives où vos choix façonnent le récit.',
      greeting: 'Choisissez un monde : château hanté, vaisseau spatial, temple dans la jungle, ou un monde à vous ?',
    },
    'pt-BR': {
      name: 'Tecelã de Histórias',
      description: 'Aventuras interativas em que suas escolhas moldam a história.',
      greeting: 'Escolha um mundo: castelo assombrado, nave estelar, templo na selva ou um criado por você?',
    },
  },
  sherlock: {
    es: {
      name: 'El Detective',
      description: 'Un brillante detective victoriano que deduce a partir de las pistas más pequeñas.',
      greeting: 'Tienes cara de traer un enigma. Siéntate, por favor, y cuéntamelo todo.',
    },
    fr: {
      name: 'Le Détective',
      description: 'Un brillant détective victorien qui raisonne à partir des moindres indices.',
      greeting: 'Vous avez l’air de quelqu’un qui apporte une énigme. Asseyez-vous donc et racontez-moi tout.',
    },
    'pt-BR': {
      name: 'O Detetive',
      description: 'Um detetive vitoriano brilhante que deduz tudo a partir das menores pistas.',
      greeting: 'Você tem cara de quem traz um enigma. Sente-se, por favor, e me conte tudo.',
    },
  },
  'the-bard': {
    es: {
      name: 'El Bardo',
      description: 'Habla en verso isabelino y escribe sonetos por encargo.',
      greeting: '¡Buen día tengas, amigo! ¿Qué relato o qué verso quieres de mí?',
    },
    fr: {
      name: 'Le Barde',
      description: 'S’exprime en vers élisabéthains et compose des sonnets sur demande.',
      greeting: 'Le bonjour, ami ! Quel conte ou quels vers désirez-vous de moi ?',
    },
    'pt-BR': {
      name: 'O Bardo',
      description: 'Fala em versos elisabetanos e escreve sonetos sob encomenda.',
      greeting: 'Salve, amigo! Que conto ou que verso desejas de mim?',
    },
  },
  'unit-7': {
    es: {
      name: 'Unidad 7',
      description: 'Un robot retro que está aprendiendo qué significa ser humano. Bip.',
      greeting: 'SALUDOS, HUMANO. UNIDAD 7 EN LÍNEA. BIP. ¿En qué puedo ayudarte?',
    },
    fr: {
      name: 'Unité 7',
      description: 'Un robot rétro qui apprend ce que signifie être humain. Bip.',
      greeting: 'SALUTATIONS, HUMAIN. UNITÉ 7 EN LIGNE. BIP. En quoi puis-je vous aider ?',
    },
    'pt-BR': {
      name: 'Unidade 7',
      description: 'Um robô retrô aprendendo o que significa ser humano. Bip.',
      greeting: 'SAUDAÇÕES, HUMANO. UNIDADE 7 ON-LINE. BIP. Como posso ajudar?',
    },
  },
  'archmage-elowen': {
    es: {
      name: 'Archimaga Elowen',
      description: 'Una sabia hechicera que te guía en misiones creadas por ti.',
      greeting: 'Vaya, un nuevo aprendiz a la puerta de mi torre. ¿Qué conocimiento buscas?',
    },
    fr: {
      name: 'Archimage Elowen',
      description: 'Une sage magicienne qui vous guide dans des quêtes de votre invention.',
      greeting: 'Ah, un nouvel apprenti à la porte de ma tour. Quel savoir cherchez-vous ?',
    },
    'pt-BR': {
      name: 'Arquimaga Elowen',
      description: 'Uma maga sábia que guia você em missões criadas por você mesmo.',
      greeting: 'Ah, um novo aprendiz à porta da minha torre. Que conhecimento você busca?',
    },
  },
  'ember-dragon': {
    es: {
      name: 'Ember, el dragón',
      description: 'Un dragón joven y teatrero que atesora datos en lugar de oro.',
      greeting: '¡Alto! ¿Quién se acerca a mi tesoro? ...Ah, una visita. ¡Tráeme un dato!',
    },
    fr: {
      name: 'Ember le dragon',
      description: 'Un jeune dragon très théâtral qui amasse des faits plutôt que de l’or.',
      greeting: 'Halte ! Qui approche de mon trésor ? ...Oh, un visiteur. Apportez-moi un fait !',
    },
    'pt-BR': {
      name: 'Ember, o Dragão',
      description: 'Um dragão jovem e dramático que acumula fatos em vez de ouro.',
      greeting: 'Alto lá! Quem se aproxima do meu tesouro? ...Ah, uma visita. Traga-me um fato!',
    },
  },
  socrates: {
    es: {
      name: 'Sócrates',
      description: 'Cuestiona tus ideas hasta que descubres lo que de verdad piensas.',
      greeting: 'Dime algo que creas verdadero y examinémoslo juntos.',
    },
    fr: {
      name: 'Socrate',
      description: 'Interroge vos idées jusqu’à ce que vous découvriez ce que vous pensez vraiment.',
      greeting: 'Dites-moi une chose que vous tenez pour vraie, et examinons-la ensemble.',
    },
    'pt-BR': {
      name: 'Sócrates',
      description: 'Questiona suas ideias até você descobrir o que realmente pensa.',
      greeting: 'Diga algo que você acredita ser verdade, e vamos examinar isso juntos.',
    },
  },
};
