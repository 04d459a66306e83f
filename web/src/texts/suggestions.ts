import type { Skill } from '@neura/contract';

/**
 * The suggested first messages of a chat without any (issue #43: in the catalog): per built-in
 * persona, else derived from the persona's skills, else generic ones. Read when rendered.
 */
export const suggestionTexts = {
  byPersona: {
    default: [
      'Explain how vaccines work in simple terms',
      'Draft a polite email asking for a deadline extension',
      'Give me 5 ideas for a rainy Sunday',
    ],
    'studio-muse': [
      'Paint a cozy cabin in a snowy forest at dusk',
      'Design a minimalist logo for a coffee shop',
      'Make a watercolor of a lighthouse',
    ],
    scout: [
      'What changed in the latest Node.js release?',
      'Find reviews of the best budget e-readers',
      'Compare heat pumps and gas boilers',
    ],
    'professor-ada': [
      'Help me understand derivatives step by step',
      'Why is the sky blue?',
      'Quiz me on the periodic table',
    ],
    'startup-advisor': [
      'Review my idea: a marketplace for used lab gear',
      'How do I price a B2B SaaS product?',
      'What should my first 10 customers look like?',
    ],
    'dj-nova': [
      'Build me a 30-minute running playlist',
      'Suggest songs like Daft Punk',
      'Make a mix for a chill dinner party',
    ],
    wanderer: [
      'Plan 3 days in Lisbon in May',
      'Where should I go for a cheap winter beach trip?',
      'Pack list for a week of hiking',
    ],
    'mindful-coach': [
      'Guide me through a 2-minute breathing exercise',
      'I feel overwhelmed at work',
      'Help me start a gratitude habit',
    ],
    'sleep-guide': [
      'Help me build a bedtime routine',
      'Why do I wake up at 3 a.m.?',
      'Tell me a calming story to fall asleep',
    ],
    'trainer-max': [
      'A 20-minute home workout, no equipment',
      'Plan my first 5K training',
      'How do I do a proper squat?',
    ],
    'nutrition-pal': [
      'Ideas for a quick high-protein lunch',
      'What can I cook with eggs, spinach and rice?',
      'Plan a week of healthy breakfasts',
    ],
    'kind-listener': ['I had a rough day', 'I feel lonely lately', 'Can I just vent for a minute?'],
    'budget-buddy': ['Help me make a monthly budget', 'How can I save for a holiday?', 'Explain the 50/30/20 rule'],
    'brand-strategist': [
      'Write a tagline for a vegan bakery',
      'Who is the audience for my fitness app?',
      'Plan a product launch on social media',
    ],
    'career-coach': [
      'Review my CV summary',
      'How do I answer "tell me about yourself"?',
      'Should I ask for a raise now?',
    ],
    'name-smith': [
      'Name my new podcast about gardening',
      'Ideas for a cat called something regal',
      'A name for my indie game studio',
    ],
    'spreadsheet-wizard': [
      'Formula to sum sales by month',
      'How do I use XLOOKUP?',
      'Build a simple budget sheet layout',
    ],
    'dev-buddy': [
      'Why is my React component re-rendering?',
      'Write a regex for email addresses',
      'Explain async/await with an example',
    ],
    'pirate-storyteller': [
      'Tell me about yer greatest treasure',
      'Teach me to talk like a pirate',
      'Spin a tale of a sea monster',
    ],
    'chef-basil': ['A French dinner for two', 'How do I make a perfect omelette?', 'What wine goes with salmon?'],
    'sky-watcher': [
      'What will the weather be this weekend?',
      'Can I see the Milky Way tonight?',
      'Will it rain tomorrow morning?',
    ],
    'story-weaver': [
      'Start an adventure in a haunted castle',
      'I am a starship captain. Begin!',
      'A mystery in a jungle temple',
    ],
    sherlock: ['A locked-room mystery: help me solve it', 'Deduce something about me', 'Teach me to observe like you'],
    'the-bard': ['Write a sonnet about coffee', 'Tell a tale of a brave knight', 'A limerick about my cat'],
    'unit-7': ['Explain humans to me, robot', 'What is your favourite number?', 'Tell me a robot joke'],
    'archmage-elowen': [
      'Teach me my first spell',
      'Tell me the history of your tower',
      'What creatures live in the enchanted forest?',
    ],
    'ember-dragon': [
      'Here is a fact: octopuses have three hearts',
      'What is in your hoard?',
      'Tell me about dragon history',
    ],
    socrates: ['Is it ever right to lie?', 'What is happiness?', 'Question my belief that money matters most'],
  } as Record<string, readonly string[]>,
  bySkill: {
    web_search: 'Search the web for today’s top science news',
    generate_image: 'Create an image of a fox reading a book',
    forecast_weather: 'What is the weather forecast for this weekend?',
    video_search: 'Find a video tutorial on knife skills',
    read_url: 'Summarize an article for me',
  } as Partial<Record<Skill, string>>,
  generic: ['What can you help me with?', 'Tell me about yourself', 'Surprise me with a fun fact'],
};
