import type { MemoryCatalog } from '../../catalog';
import { plural } from '../../plural';

const L = 'fr';
const num = (n: number) => new Intl.NumberFormat(L).format(n);

export const memory: MemoryCatalog = {
  title: 'Mémoire',
  settingsRow: 'Mémoire',
  intro:
    'Les personnages peuvent retenir des choses sur vous d’une discussion à l’autre. Vous seul voyez votre mémoire ; vous pouvez la modifier ou la supprimer à tout moment.',
  enabled: 'Utiliser la mémoire',
  enabledHint: 'Désactivée, les personnages ne lisent ni n’enregistrent de souvenirs.',
  aboutHeading: 'À propos de moi',
  aboutLabel: 'Ce que chaque personnage devrait savoir sur vous',
  aboutPlaceholder: 'p. ex. Je suis Sam, infirmière à Porto. J’aime les réponses courtes.',
  aboutCount: (n: number, max: number) => `${num(n)} / ${num(max)}`,
  saveAbout: 'Enregistrer « À propos de moi »',
  savingAbout: 'Enregistrement…',
  aboutSaved: '« À propos de moi » enregistré.',
  itemsHeading: 'Retenu',
  empty: 'Rien n’est encore retenu. Dites à un personnage « retiens que… » ou ajoutez quelque chose ici.',
  addLabel: 'Ajouter un souvenir',
  addPlaceholder: 'p. ex. Je suis végétarien.',
  add: 'Ajouter',
  scopeLabel: 'S’applique à',
  scopes: { user: 'Tous les personnages', persona: 'Un personnage', chat: 'Une discussion' },
  scopeOf: (scope, name?: string) =>
    scope === 'user'
      ? 'Tous les personnages'
      : scope === 'persona'
        ? (name ?? 'Un personnage')
        : 'Cette discussion uniquement',
  sourceUser: 'Ajouté par vous',
  sourceModel: 'Enregistré par le modèle',
  pinned: 'Épinglé',
  pin: 'Épingler',
  unpin: 'Désépingler',
  edit: 'Modifier',
  editLabel: (text: string) => `Modifier « ${text} »`,
  save: 'Enregistrer',
  cancel: 'Annuler',
  delete: 'Supprimer',
  deleteLabel: (text: string) => `Supprimer « ${text} »`,
  pinLabel: (text: string) => `Épingler « ${text} »`,
  unpinLabel: (text: string) => `Désépingler « ${text} »`,
  deleted: 'Souvenir supprimé.',
  forgetAll: 'Tout oublier',
  forgetAllTitle: 'Tout oublier ?',
  forgetAllBody:
    'Chaque souvenir est supprimé définitivement. « À propos de moi » et l’interrupteur restent tels quels.',
  forgetAllConfirm: 'Tout oublier',
  forgotAll: 'Tout a été oublié.',
  loading: 'Chargement de la mémoire',
  loadFailed: 'Impossible de charger la mémoire.',
  retry: 'Réessayer',
  note: {
    updated: 'Mémoire mise à jour',
    remembered: (text: string) => `Retenu : ${text}`,
    forgot: (text: string) => `Oublié : ${text}`,
    undo: 'Annuler',
    undone: 'Annulé',
    manage: 'Gérer la mémoire',
  },
  receiptMemory: 'Mémoire',
  tokens: (n: number) => plural(L, n, { one: '# jeton', other: '# jetons' }),
};
