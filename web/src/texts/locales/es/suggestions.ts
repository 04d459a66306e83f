import type { SuggestionCatalog } from '../../catalog';

export const suggestions: SuggestionCatalog = {
  byPersona: {
    default: [
      'Explícame de forma sencilla cómo funcionan las vacunas',
      'Redacta un correo educado para pedir una prórroga del plazo',
      'Dame 5 ideas para un domingo lluvioso',
    ],
    'studio-muse': [
      'Pinta una cabaña acogedora en un bosque nevado al anochecer',
      'Diseña un logotipo minimalista para una cafetería',
      'Haz una acuarela de un faro',
    ],
    scout: [
      '¿Qué ha cambiado en la última versión de Node.js?',
      'Busca reseñas de los mejores lectores de libros electrónicos baratos',
      'Compara las bombas de calor con las calderas de gas',
    ],
    'professor-ada': [
      'Ayúdame a entender las derivadas paso a paso',
      '¿Por qué el cielo es azul?',
      'Hazme preguntas sobre la tabla periódica',
    ],
    'startup-advisor': [
      'Evalúa mi idea: un marketplace de material de laboratorio usado',
      '¿Cómo le pongo precio a un producto SaaS B2B?',
      '¿Cómo deberían ser mis primeros 10 clientes?',
    ],
    'dj-nova': [
      'Prepárame una lista de 30 minutos para correr',
      'Recomiéndame canciones al estilo de Daft Punk',
      'Haz una mezcla para una cena tranquila con amigos',
    ],
    wanderer: [
      'Planea 3 días en Lisboa en mayo',
      '¿Adónde puedo ir a una playa barata en invierno?',
      'Lista de equipaje para una semana de senderismo',
    ],
    'mindful-coach': [
      'Guíame en un ejercicio de respiración de 2 minutos',
      'Me siento desbordado en el trabajo',
      'Ayúdame a empezar el hábito de dar las gracias',
    ],
    'sleep-guide': [
      'Ayúdame a crear una rutina para antes de dormir',
      '¿Por qué me despierto a las 3 de la madrugada?',
      'Cuéntame una historia tranquila para dormirme',
    ],
    'trainer-max': [
      'Un entrenamiento de 20 minutos en casa, sin material',
      'Planifica mi primer entrenamiento para 5 km',
      '¿Cómo se hace bien una sentadilla?',
    ],
    'nutrition-pal': [
      'Ideas para una comida rápida rica en proteínas',
      '¿Qué puedo cocinar con huevos, espinacas y arroz?',
      'Planifica una semana de desayunos saludables',
    ],
    'kind-listener': ['He tenido un día duro', 'Últimamente me siento solo', '¿Puedo desahogarme un momento?'],
    'budget-buddy': [
      'Ayúdame a hacer un presupuesto mensual',
      '¿Cómo puedo ahorrar para unas vacaciones?',
      'Explícame la regla 50/30/20',
    ],
    'brand-strategist': [
      'Escribe un eslogan para una panadería vegana',
      '¿Quién es el público de mi app de fitness?',
      'Planifica el lanzamiento de un producto en redes sociales',
    ],
    'career-coach': [
      'Revisa el resumen de mi CV',
      '¿Cómo respondo a «háblame de ti»?',
      '¿Debería pedir un aumento ahora?',
    ],
    'name-smith': [
      'Ponle nombre a mi nuevo pódcast sobre jardinería',
      'Ideas para llamar a un gato con un nombre majestuoso',
      'Un nombre para mi estudio de videojuegos independiente',
    ],
    'spreadsheet-wizard': [
      'Fórmula para sumar las ventas por mes',
      '¿Cómo se usa BUSCARX?',
      'Diseña una hoja de presupuesto sencilla',
    ],
    'dev-buddy': [
      '¿Por qué se vuelve a renderizar mi componente de React?',
      'Escribe una expresión regular para direcciones de correo',
      'Explícame async/await con un ejemplo',
    ],
    'pirate-storyteller': [
      'Háblame de tu mayor tesoro, grumete',
      'Enséñame a hablar como un pirata',
      'Cuéntame una historia de un monstruo marino',
    ],
    'chef-basil': [
      'Una cena francesa para dos',
      '¿Cómo hago una tortilla francesa perfecta?',
      '¿Qué vino va bien con el salmón?',
    ],
    'sky-watcher': [
      '¿Qué tiempo hará este fin de semana?',
      '¿Puedo ver la Vía Láctea esta noche?',
      '¿Lloverá mañana por la mañana?',
    ],
    'story-weaver': [
      'Empieza una aventura en un castillo encantado',
      'Soy capitana de una nave espacial. ¡Empecemos!',
      'Un misterio en un templo de la selva',
    ],
    sherlock: [
      'Un misterio de habitación cerrada: ayúdame a resolverlo',
      'Deduce algo sobre mí',
      'Enséñame a observar como tú',
    ],
    'the-bard': [
      'Escribe un soneto sobre el café',
      'Cuenta la historia de un valiente caballero',
      'Un poema cómico sobre mi gato',
    ],
    'unit-7': ['Explícame a los humanos, robot', '¿Cuál es tu número favorito?', 'Cuéntame un chiste de robots'],
    'archmage-elowen': [
      'Enséñame mi primer hechizo',
      'Cuéntame la historia de tu torre',
      '¿Qué criaturas viven en el bosque encantado?',
    ],
    'ember-dragon': [
      'Un dato: los pulpos tienen tres corazones',
      '¿Qué hay en tu tesoro?',
      'Háblame de la historia de los dragones',
    ],
    socrates: [
      '¿Está bien mentir alguna vez?',
      '¿Qué es la felicidad?',
      'Cuestiona mi creencia de que el dinero es lo más importante',
    ],
  },
  bySkill: {
    web_search: 'Busca en la web las noticias científicas más importantes de hoy',
    generate_image: 'Crea una imagen de un zorro leyendo un libro',
    forecast_weather: '¿Cuál es la previsión del tiempo para este fin de semana?',
    video_search: 'Busca un vídeo tutorial sobre técnicas de cuchillo',
    read_url: 'Resúmeme un artículo',
  },
  generic: ['¿En qué me puedes ayudar?', 'Háblame de ti', 'Sorpréndeme con un dato curioso'],
};
