import type { Locale } from '@neura/contract';

/**
 * The Explore carousels' titles (contract EXPLORE_CAROUSELS, by tag) in every locale (issue #43):
 * en-US as SPEC.md names them.
 */
export const carouselTitles: Record<Locale, Record<string, string>> = {
  'en-US': {
    featured: 'Featured',
    wellbeing: 'Health & Wellbeing',
    business: 'Business & Finance',
    fun: 'Novelty',
    character: 'Characters',
  },
  es: {
    featured: 'Destacados',
    wellbeing: 'Salud y bienestar',
    business: 'Negocios y finanzas',
    fun: 'Curiosidades',
    character: 'Personajes',
  },
  de: {
    featured: 'Empfohlen',
    wellbeing: 'Gesundheit & Wohlbefinden',
    business: 'Business & Finanzen',
    fun: 'Kurioses',
    character: 'Charaktere',
  },
  fr: {
    featured: 'À la une',
    wellbeing: 'Santé et bien-être',
    business: 'Affaires et finances',
    fun: 'Insolite',
    character: 'Personnages',
  },
  'pt-BR': {
    featured: 'Destaques',
    wellbeing: 'Saúde e bem-estar',
    business: 'Negócios e finanças',
    fun: 'Curiosidades',
    character: 'Personagens',
  },
  ja: {
    featured: 'おすすめ',
    wellbeing: '健康とウェルビーイング',
    business: 'ビジネスと金融',
    fun: 'おもしろ',
    character: 'キャラクター',
  },
  ar: {
    featured: 'مميّزة',
    wellbeing: 'الصحة والعافية',
    business: 'الأعمال والمال',
    fun: 'طرائف',
    character: 'شخصيات',
  },
};
