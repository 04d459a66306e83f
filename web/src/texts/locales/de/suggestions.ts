import type { SuggestionCatalog } from '../../catalog';

export const suggestions: SuggestionCatalog = {
  byPersona: {
    default: [
      'Erkläre einfach, wie Impfstoffe wirken',
      'Entwirf eine höfliche E-Mail, in der ich um Fristverlängerung bitte',
      'Gib mir 5 Ideen für einen verregneten Sonntag',
    ],
    'studio-muse': [
      'Male eine gemütliche Hütte in einem verschneiten Wald in der Abenddämmerung',
      'Entwirf ein minimalistisches Logo für ein Café',
      'Male ein Aquarell von einem Leuchtturm',
    ],
    scout: [
      'Was hat sich im neuesten Node.js-Release geändert?',
      'Finde Testberichte zu den besten günstigen E-Readern',
      'Vergleiche Wärmepumpen und Gasheizungen',
    ],
    'professor-ada': [
      'Hilf mir, Ableitungen Schritt für Schritt zu verstehen',
      'Warum ist der Himmel blau?',
      'Frag mich zum Periodensystem ab',
    ],
    'startup-advisor': [
      'Bewerte meine Idee: ein Marktplatz für gebrauchte Laborgeräte',
      'Wie bepreise ich ein B2B-SaaS-Produkt?',
      'Wie sollten meine ersten 10 Kunden aussehen?',
    ],
    'dj-nova': [
      'Stell mir eine 30-minütige Lauf-Playlist zusammen',
      'Schlag mir Songs wie von Daft Punk vor',
      'Mach einen Mix für ein entspanntes Abendessen mit Freunden',
    ],
    wanderer: [
      'Plane 3 Tage in Lissabon im Mai',
      'Wohin kann ich im Winter günstig an den Strand?',
      'Packliste für eine Woche Wandern',
    ],
    'mindful-coach': [
      'Leite mich durch eine 2-minütige Atemübung',
      'Ich fühle mich bei der Arbeit überfordert',
      'Hilf mir, eine Dankbarkeitsgewohnheit anzufangen',
    ],
    'sleep-guide': [
      'Hilf mir, eine Abendroutine aufzubauen',
      'Warum wache ich um 3 Uhr nachts auf?',
      'Erzähl mir eine beruhigende Geschichte zum Einschlafen',
    ],
    'trainer-max': [
      'Ein 20-minütiges Workout für zu Hause, ohne Geräte',
      'Plane mein erstes 5-km-Training',
      'Wie mache ich eine saubere Kniebeuge?',
    ],
    'nutrition-pal': [
      'Ideen für ein schnelles, proteinreiches Mittagessen',
      'Was kann ich mit Eiern, Spinat und Reis kochen?',
      'Plane eine Woche gesunder Frühstücke',
    ],
    'kind-listener': [
      'Ich hatte einen harten Tag',
      'Ich fühle mich in letzter Zeit einsam',
      'Darf ich mich kurz mal auskotzen?',
    ],
    'budget-buddy': [
      'Hilf mir, ein Monatsbudget aufzustellen',
      'Wie kann ich für einen Urlaub sparen?',
      'Erkläre die 50/30/20-Regel',
    ],
    'brand-strategist': [
      'Schreib einen Slogan für eine vegane Bäckerei',
      'Wer ist die Zielgruppe meiner Fitness-App?',
      'Plane einen Produktlaunch in den sozialen Medien',
    ],
    'career-coach': [
      'Bewerte die Zusammenfassung in meinem Lebenslauf',
      'Wie beantworte ich „Erzählen Sie etwas über sich“?',
      'Sollte ich jetzt um eine Gehaltserhöhung bitten?',
    ],
    'name-smith': [
      'Finde einen Namen für meinen neuen Podcast übers Gärtnern',
      'Ideen für einen majestätischen Katzennamen',
      'Ein Name für mein Indie-Spielestudio',
    ],
    'spreadsheet-wizard': [
      'Formel, um Umsätze nach Monat zu summieren',
      'Wie benutze ich XVERWEIS?',
      'Entwirf den Aufbau einer einfachen Budget-Tabelle',
    ],
    'dev-buddy': [
      'Warum rendert meine React-Komponente ständig neu?',
      'Schreib einen regulären Ausdruck für E-Mail-Adressen',
      'Erkläre async/await an einem Beispiel',
    ],
    'pirate-storyteller': [
      'Erzähl mir von deinem größten Schatz, Käpt’n',
      'Bring mir bei, wie ein Pirat zu reden',
      'Spinn eine Geschichte über ein Seeungeheuer',
    ],
    'chef-basil': [
      'Ein französisches Abendessen für zwei',
      'Wie gelingt mir das perfekte Omelett?',
      'Welcher Wein passt zu Lachs?',
    ],
    'sky-watcher': [
      'Wie wird das Wetter am Wochenende?',
      'Kann ich heute Nacht die Milchstraße sehen?',
      'Regnet es morgen früh?',
    ],
    'story-weaver': [
      'Starte ein Abenteuer in einem Spukschloss',
      'Ich bin Kapitän eines Raumschiffs. Los geht’s!',
      'Ein Rätsel in einem Dschungeltempel',
    ],
    sherlock: [
      'Ein Mord im verschlossenen Raum: hilf mir, ihn zu lösen',
      'Schließe etwas über mich',
      'Bring mir bei, so zu beobachten wie du',
    ],
    'the-bard': [
      'Schreib ein Sonett über Kaffee',
      'Erzähl die Geschichte eines tapferen Ritters',
      'Ein Limerick über meine Katze',
    ],
    'unit-7': ['Erklär mir die Menschen, Roboter', 'Was ist deine Lieblingszahl?', 'Erzähl mir einen Roboterwitz'],
    'archmage-elowen': [
      'Bring mir meinen ersten Zauberspruch bei',
      'Erzähl mir die Geschichte deines Turms',
      'Welche Wesen leben im Zauberwald?',
    ],
    'ember-dragon': [
      'Hier ein Fakt: Kraken haben drei Herzen',
      'Was liegt in deinem Hort?',
      'Erzähl mir von der Geschichte der Drachen',
    ],
    socrates: [
      'Ist Lügen jemals richtig?',
      'Was ist Glück?',
      'Hinterfrage meine Überzeugung, dass Geld das Wichtigste ist',
    ],
  },
  bySkill: {
    web_search: 'Suche im Web nach den wichtigsten Wissenschaftsnachrichten von heute',
    generate_image: 'Erstelle ein Bild von einem Fuchs, der ein Buch liest',
    forecast_weather: 'Wie ist die Wettervorhersage für dieses Wochenende?',
    video_search: 'Finde ein Video-Tutorial zu Messertechniken',
    read_url: 'Fasse mir einen Artikel zusammen',
  },
  generic: ['Wobei kannst du mir helfen?', 'Erzähl mir etwas über dich', 'Überrasche mich mit einem lustigen Fakt'],
};
