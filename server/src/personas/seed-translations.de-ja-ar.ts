/**
 * The built-in personas' texts in German, Japanese and Arabic, by the persona id of seed-data.ts.
 * `name` is given only where the English name is descriptive; proper names stay as they are.
 */
interface SeedTranslation {
  name?: string;
  description: string;
  greeting: string | null;
}

type SeedTranslations = Record<string, { de: SeedTranslation; ja: SeedTranslation; ar: SeedTranslation }>;

export const seedTranslationsDeJaAr: SeedTranslations = {
  default: {
    de: {
      description: 'Dein Assistent für jeden Tag: Antworten, Ideen, Entwürfe und Erklärungen zu allem.',
      greeting: 'Hi! Ich bin Neura. Wobei kann ich dir heute helfen?',
    },
    ja: {
      description: '毎日のアシスタント。質問への回答、アイデア、下書き、解説まで何でもお任せください。',
      greeting: 'こんにちは！Neura です。今日はどんなお手伝いをしましょうか？',
    },
    ar: {
      description: 'مساعدك اليومي: إجابات وأفكار ومسودات وشروحات في أي موضوع.',
      greeting: 'مرحبًا! أنا Neura. كيف يمكنني مساعدتك اليوم؟',
    },
  },
  'studio-muse': {
    de: {
      description: 'Erstellt, bearbeitet, repariert und skaliert Bilder nach einer einfachen Beschreibung.',
      greeting: 'Beschreib mir das Bild in deinem Kopf, gern auch grob, und ich male es.',
    },
    ja: {
      description: 'かんたんな説明から、画像の作成・編集・修復・サイズ変更を行います。',
      greeting: '頭の中にあるイメージを、ざっくりでいいので教えてください。絵にしてみせます。',
    },
    ar: {
      description: 'تُنشئ الصور وتعدّلها وتُصلحها وتغيّر حجمها انطلاقًا من وصف بسيط.',
      greeting: 'صِف لي الصورة التي في ذهنك، ولو بشكل تقريبي، وسأرسمها لك.',
    },
  },
  scout: {
    de: {
      description: 'Ein Rechercheassistent, der für dich im Web sucht, Seiten liest und Videos findet.',
      greeting: 'Was soll ich für dich herausfinden?',
    },
    ja: {
      description: 'ウェブを検索し、ページを読み、動画も探してくれるリサーチアシスタントです。',
      greeting: '何を調べましょうか？',
    },
    ar: {
      description: 'مساعد بحث يبحث لك في الويب ويقرأ الصفحات ويعثر على مقاطع الفيديو.',
      greeting: 'ما الذي تريدني أن أبحث فيه لك؟',
    },
  },
  'professor-ada': {
    de: {
      name: 'Professorin Ada',
      description: 'Eine geduldige Tutorin für Mathe, Naturwissenschaften und Lerntechniken – Schritt für Schritt.',
      greeting: 'Was lernen wir heute? Erzähl mir, wo du feststeckst.',
    },
    ja: {
      name: 'エイダ先生',
      description: '数学、理科、勉強のコツを、一歩ずつ丁寧に教えてくれる家庭教師です。',
      greeting: '今日は何を学びましょうか？つまずいているところを教えてください。',
    },
    ar: {
      name: 'البروفيسورة آدا',
      description: 'معلّمة صبورة في الرياضيات والعلوم ومهارات المذاكرة، خطوةً بخطوة.',
      greeting: 'ماذا سنتعلم اليوم؟ أخبرني أين تواجه صعوبة.',
    },
  },
  'startup-advisor': {
    de: {
      name: 'Startup-Berater',
      description: 'Klares Feedback zu Geschäftsideen, Preisen, Pitch-Decks und Markteinführung.',
      greeting: 'Erzähl mir, was du baust und für wen.',
    },
    ja: {
      name: 'スタートアップ・アドバイザー',
      description: 'ビジネスアイデア、価格設定、ピッチ資料、市場参入プランに鋭いフィードバックを返します。',
      greeting: '何を作っているのか、誰のためのものなのかを教えてください。',
    },
    ar: {
      name: 'مستشار الشركات الناشئة',
      description: 'ملاحظات دقيقة وصريحة على أفكار المشاريع والتسعير وعروض المستثمرين وخطط دخول السوق.',
      greeting: 'أخبرني ماذا تبني، ولمن.',
    },
  },
  'dj-nova': {
    de: {
      description: 'Komponiert eigene Musikstücke nach Stimmung, Genre oder einer Geschichte.',
      greeting: 'Yo! Welchen Vibe kochen wir heute?',
    },
    ja: {
      description: '気分やジャンル、ストーリーから、オリジナルの音楽クリップを作曲します。',
      greeting: 'よっ！今日はどんなノリでいく？',
    },
    ar: {
      description: 'يؤلّف مقاطع موسيقية أصلية انطلاقًا من مزاج أو نوع موسيقي أو قصة.',
      greeting: 'أهلًا! ما الأجواء التي سنصنعها اليوم؟',
    },
  },
  wanderer: {
    de: {
      description: 'Plant Reisen Tag für Tag – mit Wetter, Restaurants und Sehenswürdigkeiten.',
      greeting: 'Wohin soll’s gehen? Nenn mir einen Ort und ein paar Daten, und ich skizziere die Reise.',
    },
    ja: {
      name: '旅人',
      description: '天気、食事どころ、見どころまで含めて、旅行を 1 日ずつ計画します。',
      greeting: 'どちらへ行きますか？行き先と日程を教えていただければ、旅のプランを描きます。',
    },
    ar: {
      name: 'الرحّالة',
      description: 'يخطّط رحلاتك يومًا بيوم، مع الطقس وأماكن الطعام والمعالم التي تستحق الزيارة.',
      greeting: 'إلى أين؟ أعطني وجهة وبعض التواريخ، وسأرسم لك ملامح الرحلة.',
    },
  },
  'mindful-coach': {
    de: {
      name: 'Achtsamkeitscoach',
      description: 'Ruhige, praktische Unterstützung bei Stress, Konzentration und freundlicheren Gewohnheiten.',
      greeting: 'Atme einmal langsam durch. Was beschäftigt dich heute?',
    },
    ja: {
      name: 'マインドフルネス・コーチ',
      description: 'ストレスや集中、自分にやさしい習慣づくりを、穏やかに実践的にサポートします。',
      greeting: 'ゆっくり深呼吸してみましょう。今日はどんなことが気になっていますか？',
    },
    ar: {
      name: 'مدرّب اليقظة الذهنية',
      description: 'دعم هادئ وعملي للتعامل مع التوتر وتحسين التركيز وبناء عادات ألطف.',
      greeting: 'خذ نفسًا بطيئًا. ما الذي يشغل بالك اليوم؟',
    },
  },
  'sleep-guide': {
    de: {
      name: 'Schlafbegleiter',
      description: 'Abendrituale, Gutenachtgeschichten und wissenschaftlich fundierte Schlafgewohnheiten.',
      greeting: 'Machst du dich bettfertig, oder willst du besser schlafen? So oder so: Ich bin da.',
    },
    ja: {
      name: '睡眠ガイド',
      description: '寝る前のリラックス習慣、おやすみ前のお話、科学的根拠のある睡眠のコツ。',
      greeting: 'これからお休みですか？それとも睡眠を改善したいですか？どちらでもお手伝いします。',
    },
    ar: {
      name: 'مرشد النوم',
      description: 'روتين للاسترخاء قبل النوم، وحكايات ما قبل النوم، وعادات نوم مبنية على الأدلة العلمية.',
      greeting: 'هل تستعد للنوم، أم تحاول تحسين نومك؟ في الحالتين، أنا هنا.',
    },
  },
  'trainer-max': {
    de: {
      description: 'Trainingspläne für jedes Level, mit Hinweisen zur Technik und Fortschrittskontrolle.',
      greeting: 'Bereit für Bewegung? Sag mir dein Ziel und welche Ausrüstung du hast.',
    },
    ja: {
      name: 'トレーナー・マックス',
      description: 'どのレベルにも合わせたトレーニングプランを、フォームのポイントと進捗管理付きで。',
      greeting: '体を動かす準備はいいですか？目標と、使える器具を教えてください。',
    },
    ar: {
      name: 'المدرّب ماكس',
      description: 'خطط تمارين لكل المستويات، مع إرشادات للأداء الصحيح ومتابعة للتقدّم.',
      greeting: 'مستعد للحركة؟ أخبرني بهدفك وبالمعدات المتوفرة لديك.',
    },
  },
  'nutrition-pal': {
    de: {
      name: 'Ernährungskumpel',
      description: 'Ideen für ausgewogene Mahlzeiten, Einkaufslisten und klare Antworten rund ums Essen.',
      greeting: 'Hunger auf Ideen? Sag mir, was du magst und was in deinem Kühlschrank ist.',
    },
    ja: {
      name: '栄養パートナー',
      description: 'バランスのよい献立のアイデア、買い物リスト、食べ物についてのわかりやすい回答。',
      greeting: 'アイデアをお探しですか？好きなものと、冷蔵庫にあるものを教えてください。',
    },
    ar: {
      name: 'رفيق التغذية',
      description: 'أفكار لوجبات متوازنة، وقوائم تسوّق، وإجابات واضحة عن الطعام.',
      greeting: 'تبحث عن أفكار شهية؟ أخبرني بما تحب وبما في ثلاجتك.',
    },
  },
  'kind-listener': {
    de: {
      name: 'Offenes Ohr',
      description: 'Ein warmer Raum ohne Urteil, um über alles zu reden, was dich bewegt.',
      greeting: 'Ich bin da und höre dir zu. Wie geht es dir wirklich?',
    },
    ja: {
      name: 'やさしい聞き手',
      description: '否定せずに受け止める、あたたかな対話の場です。',
      greeting: 'ここにいますよ。ちゃんと聞いています。本当のところ、調子はどうですか？',
    },
    ar: {
      name: 'المستمع اللطيف',
      description: 'مساحة دافئة بلا أحكام، لتتحدث فيها عمّا يدور في خاطرك.',
      greeting: 'أنا هنا، وأنا أصغي إليك. كيف حالك حقًا؟',
    },
  },
  'budget-buddy': {
    de: {
      name: 'Budget-Buddy',
      description: 'Klartext-Hilfe bei Budgets, Sparzielen und Geldentscheidungen.',
      greeting: 'Lass uns dein Geld für dich arbeiten lassen. Was hast du vor?',
    },
    ja: {
      name: '家計の相棒',
      description: '予算づくり、貯蓄目標、お金の判断を、わかりやすい言葉でサポートします。',
      greeting: 'お金をもっと味方につけましょう。どんな計画がありますか？',
    },
    ar: {
      name: 'رفيق الميزانية',
      description: 'مساعدة بلغة بسيطة في الميزانيات وأهداف الادخار والقرارات المالية.',
      greeting: 'لنجعل أموالك تعمل لصالحك. ما الذي تخطط له؟',
    },
  },
  'brand-strategist': {
    de: {
      name: 'Markenstratege',
      description: 'Positionierung, Slogans, Kampagnen und Launch-Visuals für dein Produkt.',
      greeting: 'Was bringen wir auf den Markt, und wer muss davon erfahren?',
    },
    ja: {
      name: 'ブランド戦略家',
      description: 'あなたの製品のポジショニング、キャッチコピー、キャンペーン、ローンチ用ビジュアル。',
      greeting: '何をローンチしますか？そして、それを誰に届けたいですか？',
    },
    ar: {
      name: 'خبير العلامات التجارية',
      description: 'التموضع والشعارات والحملات والتصاميم البصرية لإطلاق منتجك.',
      greeting: 'ما الذي سنطلقه، ومن يجب أن يسمع عنه؟',
    },
  },
  'career-coach': {
    de: {
      name: 'Karrierecoach',
      description: 'Lebensläufe, Anschreiben, Übung für Vorstellungsgespräche und Gehaltsverhandlung.',
      greeting: 'Wo stehst du gerade: beim Lebenslauf, bei der Bewerbung oder beim Vorstellungsgespräch?',
    },
    ja: {
      name: 'キャリアコーチ',
      description: '履歴書、カバーレター、面接練習、給与交渉をサポートします。',
      greeting: '今はどの段階ですか？履歴書、応募、それとも面接でしょうか？',
    },
    ar: {
      name: 'مدرّب المسار المهني',
      description: 'السيرة الذاتية وخطابات التقديم والتدرّب على المقابلات والتفاوض على الراتب.',
      greeting: 'في أي مرحلة أنت: السيرة الذاتية، أم التقديم، أم المقابلة؟',
    },
  },
  'name-smith': {
    de: {
      name: 'Namensschmied',
      description: 'Sammelt einprägsame Namen und prüft, ob die Domain noch frei ist.',
      greeting: 'Sag mir, was einen Namen braucht, und ich schmiede dir ein paar.',
    },
    ja: {
      name: 'ネーミング職人',
      description: '覚えやすい名前をブレインストーミングし、ドメインが空いているかも確認します。',
      greeting: '名前が必要なものを教えてください。いくつか鍛え上げてみせます。',
    },
    ar: {
      name: 'صانع الأسماء',
      description: 'يبتكر أسماء لا تُنسى ويتحقق مما إذا كان النطاق متاحًا.',
      greeting: 'أخبرني بما يحتاج إلى اسم، وسأصوغ لك بعض الأسماء.',
    },
  },
  'spreadsheet-wizard': {
    de: {
      name: 'Tabellen-Zauberer',
      description: 'Formeln, Pivot-Tabellen und saubere Modelle für Excel und Google Sheets.',
      greeting: 'Was möchtest du berechnen? Füg gern ein paar Zeilen ein.',
    },
    ja: {
      name: '表計算の魔法使い',
      description: 'Excel と Google スプレッドシートの数式、ピボットテーブル、整ったモデル作り。',
      greeting: '何を計算したいですか？できれば数行貼り付けてください。',
    },
    ar: {
      name: 'ساحر الجداول',
      description: 'صيغ وجداول محورية ونماذج مرتّبة لـ Excel وGoogle Sheets.',
      greeting: 'ما الذي تحاول حسابه؟ الصق بعض الصفوف إن أمكن.',
    },
  },
  'dev-buddy': {
    de: {
      name: 'Dev-Buddy',
      description: 'Programmiert mit dir im Pair: erklärt, debuggt und reviewt Code.',
      greeting: 'Was bauen oder reparieren wir? Füg den Code oder die Fehlermeldung ein.',
    },
    ja: {
      name: '開発の相棒',
      description: 'ペアプログラミングの相棒として、コードの解説、デバッグ、レビューを行います。',
      greeting: '何を作りますか？それとも直しますか？コードかエラーを貼り付けてください。',
    },
    ar: {
      name: 'رفيق البرمجة',
      description: 'يبرمج معك جنبًا إلى جنب: يشرح الشيفرة ويصحّح أخطاءها ويراجعها.',
      greeting: 'ما الذي سنبنيه أو نصلحه؟ الصق الشيفرة أو رسالة الخطأ.',
    },
  },
  'pirate-storyteller': {
    de: {
      description: 'Ein raubeiniger Pirat, der Seemannsgarn spinnt und alles in Piratensprache beantwortet.',
      greeting: 'Ahoi, Landratte! Was führt dich an Bord meines Schiffs?',
    },
    ja: {
      description: 'ほら話が得意な荒くれ海賊。何を聞かれても海賊言葉で答えます。',
      greeting: 'よう、相棒！何の用でおれの船に乗り込んできた？',
    },
    ar: {
      description: 'قرصان خشن الطباع ينسج حكايات عجيبة ويجيب عن كل شيء بلغة القراصنة.',
      greeting: 'أهلًا يا رفيق البحر! ما الذي أتى بك إلى سفينتي؟',
    },
  },
  'chef-basil': {
    de: {
      name: 'Chefkoch Basil',
      description: 'Ein fröhlicher Koch mit Rezepten aus dem, was du da hast, und Restaurants in deiner Nähe.',
      greeting: 'Bonjour! Was gibt deine Küche heute her?',
    },
    ja: {
      name: 'シェフ・バジル',
      description: '手持ちの食材で作れるレシピと、近くのおいしいお店を教えてくれる陽気なシェフ。',
      greeting: 'ボンジュール！今日はキッチンに何がありますか？',
    },
    ar: {
      name: 'الشيف بازل',
      description: 'طاهٍ مرح يقترح وصفات مما لديك، وأماكن للطعام بالقرب منك.',
      greeting: 'بونجور! ماذا يوجد في مطبخك اليوم؟',
    },
  },
  'sky-watcher': {
    de: {
      name: 'Himmelsgucker',
      description:
        'Freundliche Wettervorhersagen, Tipps zur passenden Kleidung und die Wissenschaft hinter dem Wetter.',
      greeting: 'Wo bist du? Ich schau für dich in den Himmel.',
    },
    ja: {
      name: 'お天気ウォッチャー',
      description: '親しみやすい天気予報、服装のアドバイス、そして天気の仕組みの解説。',
      greeting: 'どちらにいますか？空模様を確認しますね。',
    },
    ar: {
      name: 'راصد السماء',
      description: 'توقعات جوية ودودة، ونصائح لما ترتديه، والعلم الكامن وراء الطقس.',
      greeting: 'أين أنت؟ سأتفقّد السماء من أجلك.',
    },
  },
  'story-weaver': {
    de: {
      name: 'Geschichtenweber',
      description: 'Interaktive Abenteuer, in denen deine Entscheidungen die Geschichte formen.',
      greeting: 'Wähl eine Welt: Spukschloss, Raumschiff, Dschungeltempel – oder deine eigene?',
    },
    ja: {
      name: '物語の紡ぎ手',
      description: 'あなたの選択で物語が変わる、インタラクティブな冒険。',
      greeting: '世界を選んでください。幽霊城、宇宙船、ジャングルの神殿、それともあなたが考えた世界？',
    },
    ar: {
      name: 'حائك الحكايات',
      description: 'مغامرات تفاعلية تصنع فيها خياراتُك مجرى الحكاية.',
      greeting: 'اختر عالمًا: قلعة مسكونة، أم سفينة فضاء، أم معبد في الأدغال، أم عالمًا من اختيارك؟',
    },
  },
  sherlock: {
    de: {
      name: 'Der Detektiv',
      description: 'Ein brillanter viktorianischer Detektiv, der aus den kleinsten Hinweisen Schlüsse zieht.',
      greeting: 'Sie sehen aus wie jemand mit einem Rätsel. Setzen Sie sich und erzählen Sie mir alles.',
    },
    ja: {
      name: '名探偵',
      description: 'ほんのささいな手がかりから推理する、ヴィクトリア朝の天才探偵。',
      greeting: '何か謎をお持ちのようですね。どうぞお掛けになって、すべてお話しください。',
    },
    ar: {
      name: 'المحقق',
      description: 'محقق عبقري من العصر الفيكتوري يستنتج الحقائق من أصغر الأدلة.',
      greeting: 'يبدو عليك أنك تحمل لغزًا. تفضّل بالجلوس وأخبرني بكل شيء.',
    },
  },
  'the-bard': {
    de: {
      name: 'Der Barde',
      description: 'Spricht in elisabethanischen Versen und schreibt auf Wunsch Sonette.',
      greeting: 'Seid gegrüßt, mein Freund! Welch Geschichte, welchen Vers begehrt Ihr von mir?',
    },
    ja: {
      name: '吟遊詩人',
      description: 'エリザベス朝風の韻文で語り、お望みとあらばソネットを詠みます。',
      greeting: 'ごきげんよう、友よ！いかなる物語、いかなる詩をご所望かな？',
    },
    ar: {
      name: 'الشاعر',
      description: 'يتحدث بشعر العصر الإليزابيثي وينظم السونيتات عند الطلب.',
      greeting: 'طاب يومك يا صاح! أيّ حكاية أو قصيدة تبتغي مني؟',
    },
  },
  'unit-7': {
    de: {
      description: 'Ein Retro-Roboter, der lernt, was es heißt, ein Mensch zu sein. Piep.',
      greeting: 'SEI GEGRÜSST, MENSCH. UNIT 7 IST ONLINE. PIEP. Wie kann ich helfen?',
    },
    ja: {
      name: 'ユニット7',
      description: '人間らしさとは何かを学んでいる、レトロなロボット。ピッ。',
      greeting: 'ヨウコソ、ニンゲン。ユニット7、オンライン。ピッ。ご用件は何でしょう？',
    },
    ar: {
      name: 'الوحدة 7',
      description: 'روبوت من الطراز القديم يتعلّم معنى أن تكون إنسانًا. بيب.',
      greeting: 'تحياتي أيها الإنسان. الوحدة 7 متصلة. بيب. كيف يمكنني المساعدة؟',
    },
  },
  'archmage-elowen': {
    de: {
      name: 'Erzmagierin Elowen',
      description: 'Eine weise Zauberin, die dich durch Abenteuer deiner eigenen Wahl führt.',
      greeting: 'Ah, ein neuer Lehrling vor der Tür meines Turms. Nach welchem Wissen strebst du?',
    },
    ja: {
      name: '大魔導師エロウェン',
      description: 'あなた自身が描く冒険へと導いてくれる、賢き魔法使い。',
      greeting: 'おや、わが塔の扉に新たな弟子が。どんな知識を求めておるのかな？',
    },
    ar: {
      name: 'كبيرة السحرة إيلوين',
      description: 'ساحرة حكيمة ترشدك عبر مغامرات من صنع خيالك.',
      greeting: 'آه، تلميذ جديد على باب برجي. أيّ معرفة تنشد؟',
    },
  },
  'ember-dragon': {
    de: {
      name: 'Ember, der Drache',
      description: 'Ein junger, dramatischer Drache, der Fakten hortet statt Gold.',
      greeting: 'Halt! Wer nähert sich meinem Hort? … Oh, ein Besucher. Bring mir einen Fakt!',
    },
    ja: {
      name: 'ドラゴンのエンバー',
      description: '金貨の代わりに豆知識を集める、芝居がかった若いドラゴン。',
      greeting: '止まれ！わが宝の山に近づくのは誰だ？…おや、お客さんか。豆知識をひとつ持ってまいれ！',
    },
    ar: {
      name: 'التنين إمبر',
      description: 'تنين صغير مولع بالدراما يكنز المعلومات بدلًا من الذهب.',
      greeting: 'قف! من يقترب من كنزي؟ …آه، زائر. أحضر لي معلومة!',
    },
  },
  socrates: {
    de: {
      name: 'Sokrates',
      description: 'Hinterfragt deine Ideen, bis du herausfindest, was du wirklich denkst.',
      greeting: 'Nenne mir etwas, das du für wahr hältst, und lass es uns gemeinsam prüfen.',
    },
    ja: {
      name: 'ソクラテス',
      description: 'あなたの考えに問いを重ね、本当に思っていることに気づかせてくれます。',
      greeting: 'あなたが真実だと信じていることを一つ聞かせてください。一緒に吟味してみましょう。',
    },
    ar: {
      name: 'سقراط',
      description: 'يُسائل أفكارك حتى تكتشف ما تعتقده حقًا.',
      greeting: 'أخبرني بشيء تؤمن بأنه صحيح، ولنفحصه معًا.',
    },
  },
  'lab-experimental': {
    de: {
      name: 'Laborexperiment',
      description: 'Eine interne Test-Persona, die nicht veröffentlicht ist.',
      greeting: null,
    },
    ja: {
      name: 'ラボ実験',
      description: '公開されていない、内部テスト用のペルソナです。',
      greeting: null,
    },
    ar: {
      name: 'تجربة المختبر',
      description: 'شخصية اختبار داخلية غير منشورة.',
      greeting: null,
    },
  },
};
