import type { SuggestionCatalog } from '../../catalog';

export const suggestions: SuggestionCatalog = {
  byPersona: {
    default: [
      'Expliquez-moi simplement comment fonctionnent les vaccins',
      'Rédigez un e-mail poli pour demander un report d’échéance',
      'Donnez-moi 5 idées pour un dimanche pluvieux',
    ],
    'studio-muse': [
      'Peignez un chalet douillet dans une forêt enneigée au crépuscule',
      'Concevez un logo minimaliste pour un café',
      'Faites une aquarelle d’un phare',
    ],
    scout: [
      'Qu’est-ce qui a changé dans la dernière version de Node.js ?',
      'Trouvez des avis sur les meilleures liseuses pas chères',
      'Comparez les pompes à chaleur et les chaudières à gaz',
    ],
    'professor-ada': [
      'Aidez-moi à comprendre les dérivées pas à pas',
      'Pourquoi le ciel est-il bleu ?',
      'Interrogez-moi sur le tableau périodique',
    ],
    'startup-advisor': [
      'Évaluez mon idée : une place de marché de matériel de labo d’occasion',
      'Comment fixer le prix d’un produit SaaS B2B ?',
      'À quoi devraient ressembler mes 10 premiers clients ?',
    ],
    'dj-nova': [
      'Créez-moi une playlist de course de 30 minutes',
      'Proposez-moi des morceaux dans le style de Daft Punk',
      'Faites un mix pour un dîner entre amis détendu',
    ],
    wanderer: [
      'Organisez 3 jours à Lisbonne en mai',
      'Où partir à la plage pas cher en hiver ?',
      'Liste d’affaires pour une semaine de randonnée',
    ],
    'mindful-coach': [
      'Guidez-moi dans un exercice de respiration de 2 minutes',
      'Je me sens débordé au travail',
      'Aidez-moi à prendre l’habitude de la gratitude',
    ],
    'sleep-guide': [
      'Aidez-moi à mettre en place une routine du coucher',
      'Pourquoi est-ce que je me réveille à 3 h du matin ?',
      'Racontez-moi une histoire apaisante pour m’endormir',
    ],
    'trainer-max': [
      'Une séance de 20 minutes à la maison, sans matériel',
      'Préparez mon premier entraînement pour un 5 km',
      'Comment faire un squat correctement ?',
    ],
    'nutrition-pal': [
      'Des idées de déjeuner rapide riche en protéines',
      'Que puis-je cuisiner avec des œufs, des épinards et du riz ?',
      'Prévoyez une semaine de petits-déjeuners sains',
    ],
    'kind-listener': [
      'J’ai eu une journée difficile',
      'Je me sens seul ces derniers temps',
      'Je peux vider mon sac une minute ?',
    ],
    'budget-buddy': [
      'Aidez-moi à établir un budget mensuel',
      'Comment économiser pour des vacances ?',
      'Expliquez la règle des 50/30/20',
    ],
    'brand-strategist': [
      'Écrivez un slogan pour une boulangerie vegan',
      'Quel est le public de mon appli de fitness ?',
      'Planifiez le lancement d’un produit sur les réseaux sociaux',
    ],
    'career-coach': [
      'Relisez le résumé de mon CV',
      'Comment répondre à « Parlez-moi de vous » ?',
      'Dois-je demander une augmentation maintenant ?',
    ],
    'name-smith': [
      'Trouvez un nom pour mon nouveau podcast sur le jardinage',
      'Des idées de nom royal pour un chat',
      'Un nom pour mon studio de jeux vidéo indépendant',
    ],
    'spreadsheet-wizard': [
      'Formule pour additionner les ventes par mois',
      'Comment utiliser RECHERCHEX ?',
      'Concevez la structure d’un tableau de budget simple',
    ],
    'dev-buddy': [
      'Pourquoi mon composant React se réaffiche-t-il ?',
      'Écrivez une expression régulière pour les adresses e-mail',
      'Expliquez async/await avec un exemple',
    ],
    'pirate-storyteller': [
      'Parlez-moi de votre plus grand trésor, capitaine',
      'Apprenez-moi à parler comme un pirate',
      'Racontez une histoire de monstre marin',
    ],
    'chef-basil': [
      'Un dîner français pour deux',
      'Comment réussir une omelette parfaite ?',
      'Quel vin servir avec du saumon ?',
    ],
    'sky-watcher': [
      'Quel temps fera-t-il ce week-end ?',
      'Puis-je voir la Voie lactée ce soir ?',
      'Va-t-il pleuvoir demain matin ?',
    ],
    'story-weaver': [
      'Commencez une aventure dans un château hanté',
      'Je suis capitaine d’un vaisseau spatial. En avant !',
      'Un mystère dans un temple de la jungle',
    ],
    sherlock: [
      'Un mystère en chambre close : aidez-moi à le résoudre',
      'Déduisez quelque chose à mon sujet',
      'Apprenez-moi à observer comme vous',
    ],
    'the-bard': [
      'Écrivez un sonnet sur le café',
      'Racontez l’histoire d’un brave chevalier',
      'Un petit poème humoristique sur mon chat',
    ],
    'unit-7': [
      'Expliquez-moi les humains, robot',
      'Quel est votre nombre préféré ?',
      'Racontez-moi une blague de robot',
    ],
    'archmage-elowen': [
      'Apprenez-moi mon premier sort',
      'Racontez-moi l’histoire de votre tour',
      'Quelles créatures vivent dans la forêt enchantée ?',
    ],
    'ember-dragon': [
      'Voici un fait : les pieuvres ont trois cœurs',
      'Qu’y a-t-il dans votre trésor ?',
      'Parlez-moi de l’histoire des dragons',
    ],
    socrates: [
      'Est-il parfois juste de mentir ?',
      'Qu’est-ce que le bonheur ?',
      'Remettez en question ma conviction que l’argent compte plus que tout',
    ],
  },
  bySkill: {
    web_search: 'Cherchez sur le Web les principales actualités scientifiques du jour',
    generate_image: 'Créez une image d’un renard qui lit un livre',
    forecast_weather: 'Quelles sont les prévisions météo pour ce week-end ?',
    video_search: 'Trouvez un tutoriel vidéo sur les techniques de couteau',
    read_url: 'Résumez-moi un article',
  },
  generic: ['En quoi pouvez-vous m’aider ?', 'Parlez-moi de vous', 'Surprenez-moi avec une anecdote amusante'],
};
