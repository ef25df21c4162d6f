import type { DemoArticleText } from './demo-news.js';

/** French texts of the demo news, translated from the English texts and keyed by article id. */
export const DEMO_NEWS_FR: Readonly<Record<number, DemoArticleText>> = {
  1: {
    title: "Chaque prix provient d'un ordre réel",
    content: `<p>Sur Open Exchange, chaque prix que vous voyez provient d'ordres réels appariés par notre propre moteur. Les ordres sont appariés selon la priorité prix-temps, et chaque transaction s'exécute au prix de l'ordre qui se trouvait déjà dans le carnet. Aucune profondeur n'est inventée et aucun prix n'est importé d'ailleurs. Ouvrez la page de trading, regardez le carnet évoluer, et sachez que chaque chiffre qui y figure correspond à un ordre réellement passé par quelqu'un, y compris ceux de notre teneur de marché, clairement identifié comme tel, en mode démo.</p>`,
  },
  2: {
    title: 'Code ouvert, comptes transparents',
    content: `<p>Open Exchange est open source : chacun peut donc lire le code qui apparie les ordres, fait évoluer les soldes et règle les contrats. Chaque modification d'un solde est inscrite dans un journal, et un audit vérifie que les totaux concordent toujours : aucun argent n'est créé et aucun ne disparaît. Nous pensons qu'une plateforme d'échange doit pouvoir montrer comment elle fonctionne, et c'est ainsi que nous le faisons. Si quelque chose vous semble anormal, le code est là pour que vous puissiez le vérifier.</p>`,
  },
  3: {
    title: 'Des contrats à secondes que chacun peut vérifier',
    content: `<p>Nos contrats à secondes sont réglés au dernier prix réel de transaction du marché au moment de leur expiration. C'est le même prix que tout le monde voit dans la liste publique des transactions et sur les graphiques : vous, ou n'importe qui d'autre, pouvez donc recalculer vous-même chaque résultat. Aucun paramètre caché ne décide qui gagne, et aucun compte n'est traité différemment d'un autre. Si vous décidez de les essayer, faites-le en sachant exactement comment ils fonctionnent, et uniquement avec un montant que vous pouvez vous permettre de perdre.</p>`,
  },
  4: {
    title: 'Comment vous inscrire et vérifier votre e-mail ou votre téléphone',
    content: `<p>La création d'un compte ne prend que quelques minutes. Vous pouvez vous inscrire avec une adresse e-mail ou avec un numéro de mobile.</p>
<ol>
<li>Ouvrez la page d'inscription et choisissez <strong>E-mail</strong> ou <strong>Mobile</strong>. Pour un numéro de mobile, choisissez d'abord votre pays ou votre région afin que le bon indicatif soit utilisé.</li>
<li>Saisissez votre adresse e-mail ou votre numéro de mobile et demandez un code de vérification. Nous envoyons un code à 6 chiffres à cette adresse ou à ce numéro.</li>
<li>Saisissez le code dans le formulaire. Il est valable 10 minutes et ne peut être utilisé qu'une seule fois. S'il n'arrive pas, vous pouvez en demander un nouveau au bout de 60 secondes.</li>
<li>Choisissez un mot de passe de 6 à 16 lettres ou chiffres, puis saisissez-le une seconde fois pour le confirmer.</li>
<li>Saisissez votre code d'invitation. L'inscription en exige un tant que la plateforme fonctionne sur invitation ; dans cette démo, utilisez le code affiché sur la page de connexion (DEMO2026) ou le lien d'un ami, qui le remplit pour vous.</li>
</ol>
<p>Lorsque vous envoyez le formulaire, votre compte est créé et le code est consommé. Saisir le code prouve que l'adresse e-mail ou le numéro de téléphone vous appartient bien, ce qui nous permet de vous joindre par la suite, par exemple si vous devez réinitialiser un mot de passe oublié.</p>
<p>Si aucun code n'arrive, vérifiez votre dossier de courrier indésirable ou assurez-vous que le numéro est complet, puis attendez que les 60 secondes soient écoulées et faites une nouvelle demande. Ne transmettez jamais un code à qui que ce soit, y compris à des personnes qui prétendent travailler pour nous.</p>`,
  },
  5: {
    title: 'Comment fonctionnent les ordres spot',
    content: `<p>Le trading spot consiste à acheter ou à vendre directement une cryptomonnaie contre une autre, par exemple du BTC contre de l'USDT. Chaque ordre entre dans le carnet d'ordres du marché, et le moteur d'appariement associe acheteurs et vendeurs selon la priorité prix-temps : le meilleur prix passe en premier et, à prix égal, l'ordre passé le plus tôt passe en premier.</p>
<h3>Ordres à cours limité</h3>
<p>Avec un ordre à cours limité, vous fixez vous-même le prix. Un ordre d'achat ne paie jamais plus que votre prix, et un ordre de vente ne reçoit jamais moins. Si personne n'est encore prêt à traiter à votre prix, l'ordre reste dans le carnet jusqu'à ce qu'il soit exécuté ou que vous l'annuliez.</p>
<h3>Ordres au marché</h3>
<p>Un ordre au marché s'exécute immédiatement contre les meilleurs ordres déjà en attente dans le carnet. C'est rapide, mais le prix obtenu dépend de ce qui se trouve dans le carnet à ce moment-là : sur un marché calme, regardez donc la profondeur avant de l'envoyer.</p>
<h3>Le prix que vous obtenez</h3>
<p>Une transaction s'exécute toujours au prix de l'ordre qui se trouvait dans le carnet : le prix du maker. Si vous placez un ordre d'achat à cours limité au-dessus de l'offre la plus basse, vous payez le prix inférieur de l'ordre en attente, et non le vôtre.</p>
<h3>Frais</h3>
<p>Les frais de transaction sont prélevés sur ce que vous recevez : sur la cryptomonnaie lorsque vous achetez, et sur la devise de cotation lorsque vous vendez. Le taux de frais de chaque marché est indiqué sur sa page de trading.</p>
<h3>Annulation</h3>
<p>Tant qu'un ordre est ouvert, les fonds dont il a besoin sont bloqués afin de ne pas pouvoir être dépensés deux fois. Lorsque vous annulez, les fonds correspondant à la partie non exécutée sont immédiatement restitués sur votre compte spot.</p>`,
  },
  6: {
    title: 'Transférer des fonds entre vos propres comptes',
    content: `<p>Vos soldes sont conservés dans des comptes distincts, un pour chaque type d'activité. L'argent que vous utilisez dans un but reste ainsi séparé de celui que vous utilisez dans un autre, de sorte qu'une position sur un produit ne puise jamais discrètement dans des fonds que vous avez mis de côté ailleurs.</p>
<ul>
<li><strong>Compte spot</strong> : pour acheter et vendre des cryptomonnaies sur les marchés spot.</li>
<li><strong>Compte fiat</strong> : pour la section fiat (monnaie ayant cours légal) de la plateforme.</li>
<li><strong>Compte à effet de levier</strong> : pour le trading avec effet de levier.</li>
<li><strong>Compte de contrats à secondes</strong> : pour les contrats à secondes.</li>
<li><strong>Compte financier</strong> : pour les produits financiers de la plateforme.</li>
</ul>
<h3>Comment effectuer un transfert</h3>
<p>Ouvrez la page de transfert depuis vos actifs, choisissez la cryptomonnaie, le compte de départ et le compte de destination, puis saisissez le montant. Un transfert entre vos propres comptes reste à l'intérieur de la plateforme : rien n'est envoyé sur une blockchain. Le montant quitte un compte et arrive sur l'autre en une seule étape, et les deux mouvements sont inscrits dans votre journal des soldes : le total que vous possédez reste donc le même.</p>
<h3>Ce que vous pouvez transférer</h3>
<p>Vous ne pouvez transférer que des fonds disponibles. Les montants bloqués pour des ordres ouverts, des positions ouvertes ou des retraits en attente doivent d'abord être débloqués, par exemple en annulant l'ordre. Si une cryptomonnaie n'apparaît pas pour un compte donné, c'est que ce compte ne l'utilise pas.</p>`,
  },
  7: {
    title: 'Protéger votre compte',
    content: `<p>La plupart des comptes perdus ne sont pas piratés par la force : quelqu'un se laisse convaincre de remettre un code ou un mot de passe. Quelques habitudes vous protègent contre presque tous ces cas.</p>
<h3>Définissez un mot de passe de transaction</h3>
<p>Votre mot de passe de transaction est un second mot de passe, distinct de celui qui vous sert à vous connecter, et il ajoute un second verrou sur vos fonds. Choisissez-le différent de votre mot de passe de connexion, afin que quelqu'un qui découvre l'un ne dispose toujours pas des deux. Pour le définir ou le modifier, il faut un code de vérification qui vous est envoyé.</p>
<h3>Ne communiquez jamais vos codes</h3>
<p>Les codes de vérification comportent 6 chiffres, sont valables 10 minutes et ne peuvent être utilisés qu'une seule fois. Un code est uniquement destiné à être saisi par vous-même sur ce site. Personne chez Open Exchange ne vous demandera jamais un code, votre mot de passe ou votre mot de passe de transaction, que ce soit par téléphone, par message, par e-mail ou par chat. Toute personne qui vous les demande cherche à prendre le contrôle de votre compte.</p>
<h3>Les bonnes habitudes</h3>
<ul>
<li>Utilisez un mot de passe que vous n'utilisez nulle part ailleurs. Les mots de passe comportent 6 à 16 lettres ou chiffres : utilisez toute la longueur et mélangez les deux.</li>
<li>Déconnectez-vous lorsque vous utilisez un ordinateur partagé ou public.</li>
<li>Sécurisez le compte e-mail ou le téléphone associé à votre compte, car c'est là que vos codes sont envoyés.</li>
<li>Si vous recevez un code que vous n'avez pas demandé, ne le transmettez pas. Quelqu'un essaie peut-être d'accéder à votre compte : changez donc votre mot de passe.</li>
</ul>
<p>Si vous pensez que quelqu'un d'autre a accédé à votre compte, changez immédiatement votre mot de passe et contactez l'assistance à l'adresse e-mail indiquée en bas de page du site.</p>`,
  },
  8: {
    title: "À propos d'Open Exchange",
    content: `<p>Open Exchange est une plateforme d'échange de cryptomonnaies open source. Son code est public : chacun peut donc lire comment les ordres sont appariés, comment les soldes évoluent et comment les contrats sont réglés, et vérifier que le site fait ce qu'il annonce.</p>
<p>La plateforme propose des marchés spot, où les cryptomonnaies s'achètent et se vendent les unes contre les autres, ainsi que des comptes fiat, à effet de levier, de contrats à secondes et financiers. Les prix proviennent uniquement d'ordres réels appariés par le propre moteur de la plateforme selon la priorité prix-temps, et chaque transaction s'exécute au prix de l'ordre en attente. Rien sur la page de trading n'est affiché pour faire illusion.</p>
<p>Lorsque la plateforme fonctionne en mode démo, la liquidité provient d'un compte de teneur de marché clairement identifié comme tel. Il passe des ordres réels via le même moteur que tout le monde et ne bénéficie d'aucun traitement de faveur.</p>
<p>En coulisses, chaque modification d'un solde est enregistrée dans un journal, et un audit vérifie qu'aucun argent n'est jamais créé ni perdu. Un retrait refusé ou annulé libère toujours ses fonds, qui vous sont restitués.</p>
<p>Le site est disponible en anglais, en chinois simplifié, en chinois traditionnel, en japonais, en allemand, en néerlandais et en français.</p>
<p>Nous préférons rester simples plutôt que de chercher à impressionner. Si quelque chose n'est pas clair, posez-nous la question via l'adresse e-mail d'assistance indiquée en bas de page du site, ou lisez le code.</p>`,
  },
  9: {
    title: "Nos principes d'honnêteté",
    content: `<p>Une plateforme d'échange demande aux gens de lui confier leur argent. Nous pensons que cette confiance doit reposer sur des éléments vérifiables, et non sur des promesses. Voici les règles que nous suivons pour construire la plateforme.</p>
<ol>
<li><strong>Uniquement des prix réels.</strong> Chaque prix provient d'ordres réels appariés par notre moteur. Les ordres sont appariés selon la priorité prix-temps, la même règle pour tous, et les transactions s'exécutent au prix de l'ordre en attente.</li>
<li><strong>Aucune profondeur inventée.</strong> En mode démo, la liquidité provient d'un compte de teneur de marché clairement identifié, qui passe des ordres réels via le même moteur. Nous n'ajoutons jamais de faux ordres dans le carnet.</li>
<li><strong>Des résultats que chacun peut recalculer.</strong> Les contrats à secondes sont réglés au dernier prix réel de transaction du marché à l'expiration, le même prix que celui affiché dans les transactions publiques et sur les graphiques. Il n'existe aucun contrôle des résultats par utilisateur.</li>
<li><strong>Aucun argent créé ni perdu.</strong> Chaque modification de solde est enregistrée dans un journal, et un audit vérifie que les comptes sont toujours équilibrés.</li>
<li><strong>Vos fonds vous reviennent.</strong> Un retrait refusé ou annulé libère toujours ses fonds.</li>
<li><strong>Un code ouvert.</strong> La plateforme est open source : vous n'avez donc pas à nous croire sur parole.</li>
<li><strong>Aucune affirmation que nous ne pouvons pas prouver.</strong> Nous ne mettons en avant aucun chiffre, aucune récompense ni aucune qualification que nous ne pouvons pas justifier.</li>
</ol>
<p>Si vous constatez un jour que nous ne respectons pas l'un de ces principes, dites-le-nous via l'adresse e-mail d'assistance indiquée en bas de page du site. Nous préférons de loin en être informés plutôt que de laisser passer le problème.</p>`,
  },
  10: {
    title: 'Frais et limites',
    content: `<p>Vous devriez connaître le coût d'une transaction avant de la passer. Cette page explique le fonctionnement des frais et des limites sur Open Exchange.</p>
<h3>Frais de transaction</h3>
<p>Chaque marché a son propre taux de frais, indiqué sur la page de trading de ce marché. Les frais sont prélevés sur ce que vous recevez : à l'achat, sur la cryptomonnaie que vous obtenez ; à la vente, sur la devise de cotation que vous obtenez. Comme toute autre modification de solde, ils sont inscrits dans votre journal des soldes.</p>
<h3>Limites des ordres</h3>
<p>Chaque marché fixe le nombre de décimales que peuvent avoir ses prix et ses quantités. Lorsqu'un marché a d'autres limites, un ordre qui ne les respecte pas est refusé avec un message qui en explique la raison, au lieu d'être exécuté en partie.</p>
<h3>Retraits</h3>
<p>Les frais de retrait ainsi que les montants minimum et maximum que vous pouvez retirer sont fixés séparément pour chaque cryptomonnaie et affichés avant que vous ne confirmiez. Si un retrait est refusé, ou si vous l'annulez, la totalité du montant bloqué pour ce retrait est toujours restituée sur votre compte.</p>
<h3>Pourquoi cette page ne contient aucun chiffre</h3>
<p>Les taux peuvent varier d'un marché à l'autre et d'une cryptomonnaie à l'autre, et ils peuvent changer. Plutôt que d'afficher ici des chiffres qui pourraient devenir obsolètes, nous indiquons les valeurs en vigueur là où vous les utilisez. Si cette page et une page de trading semblent un jour se contredire, c'est la page de trading qui fait foi.</p>`,
  },
  11: {
    title: "La démo d'Open Exchange est ouverte",
    content: `<p>Aujourd'hui, nous ouvrons la démo d'Open Exchange à tous. Vous pouvez vous inscrire avec une adresse e-mail ou un numéro de mobile et essayer toute la plateforme : trading spot, transferts entre vos comptes, contrats à secondes et plus encore. Tous les soldes de la démo sont de l'argent fictif.</p>
<p>La démo utilise le même code que la version réelle. Les ordres passent par le véritable moteur d'appariement, les prix proviennent uniquement d'ordres réels, et chaque modification de solde est inscrite dans le journal et vérifiée par l'audit. Les différences : l'argent n'est pas réel, et la liquidité provient d'un compte de teneur de marché clairement identifié, qui passe des ordres réels via le même moteur que vous.</p>
<p>Comme tout est open source, vous pouvez lire exactement ce qui se passe lorsque vous appuyez sur Acheter, et le comparer avec ce que vous voyez à l'écran.</p>
<p>Le site est disponible en anglais, en chinois simplifié, en chinois traditionnel, en japonais, en allemand, en néerlandais et en français : choisissez la langue dans laquelle vous êtes le plus à l'aise.</p>
<p>N'hésitez pas à essayer de tout casser. Si vous trouvez un bug, un écran déroutant ou un chiffre qui ne tombe pas juste, signalez-le-nous via l'adresse e-mail d'assistance indiquée en bas de page du site. Chaque signalement nous aide.</p>`,
  },
  12: {
    title: 'Nouveaux marchés : BTC, ETH, TRX, DOT et FAIR contre USDT',
    content: `<p>Cinq marchés spot sont désormais ouverts, tous cotés en USDT :</p>
<ul>
<li><strong>BTC/USDT</strong> : Bitcoin</li>
<li><strong>ETH/USDT</strong> : Ethereum</li>
<li><strong>TRX/USDT</strong> : TRON</li>
<li><strong>DOT/USDT</strong> : Polkadot</li>
<li><strong>FAIR/USDT</strong> : FAIR, le jeton maison d'Open Exchange</li>
</ul>
<p>FAIR est notre jeton maison. Comme pour tous les autres marchés ici, son prix est fixé uniquement par les ordres que passent les utilisateurs, et nous ne faisons aucune promesse quant à son évolution.</p>
<p>Sur les cinq marchés, les prix se forment de la même manière : par des ordres réels appariés par notre moteur selon la priorité prix-temps, chaque transaction s'exécutant au prix de l'ordre en attente. En mode démo, le compte de teneur de marché clairement identifié fournit de la liquidité en passant des ordres réels via le même moteur. Ses ordres sont des ordres ordinaires : vous pouvez les prendre en contrepartie, et ils attendent leur tour derrière les ordres antérieurs au même prix, exactement comme les vôtres.</p>
<p>Le taux de frais de chaque marché est indiqué sur sa page de trading. Choisissez un marché dans la liste des marchés pour commencer, et n'oubliez pas qu'en mode démo, tous les soldes sont de l'argent fictif.</p>`,
  },
  13: {
    title: 'Les contrats à secondes, expliqués honnêtement',
    content: `<p>Un contrat à secondes (parfois appelé micro-contrat) est une prédiction à très court terme. Vous choisissez un marché, une direction (hausse ou baisse), un montant et une durée, et les conditions vous sont présentées avant que vous ne confirmiez. À l'échéance, le contrat est réglé. Si le prix n'a pas évolué dans votre sens, vous pouvez perdre la totalité du montant engagé.</p>
<h3>Quel prix détermine le résultat</h3>
<p>Chaque contrat est réglé au dernier prix réel de transaction du marché au moment de son expiration. C'est le même prix que chacun peut voir dans la liste publique des transactions et sur les graphiques en chandeliers. Il n'existe ni prix de règlement distinct, ni contrôle des résultats par utilisateur : personne ne peut décider si votre contrat est gagnant ou perdant, et aucun compte n'est traité différemment d'un autre.</p>
<h3>Vérifiez par vous-même</h3>
<p>Notez le prix auquel votre contrat s'est ouvert et l'heure à laquelle il a expiré, puis recherchez la dernière transaction à ce moment-là dans les transactions publiques ou sur le graphique. Vous trouverez le même prix que celui que nous avons utilisé. Comme le code est open source, vous pouvez aussi lire exactement comment le règlement est calculé.</p>
<h3>Ce qu'il faut savoir honnêtement</h3>
<p>Sur quelques secondes ou quelques minutes, les variations de prix sont surtout du bruit, et un contrat à secondes est un pari sur ce bruit. Un règlement équitable n'en fait pas un bon investissement ; cela signifie seulement que le résultat est réel. En mode démo, tous les soldes sont de l'argent fictif : c'est donc un bon endroit pour apprendre comment ces contrats se comportent sans rien risquer.</p>`,
  },
  14: {
    title: "Ceci est une plateforme de démonstration : les soldes sont de l'argent fictif",
    content: `<p>Ce site fonctionne en mode démo. Tous les soldes ici sont de l'argent fictif : ils n'ont aucune valeur réelle et rien de ce que vous faites ici ne peut vous coûter de l'argent réel. N'envoyez pas de vraies cryptomonnaies à une adresse affichée sur ce site. La liquidité provient d'un compte de teneur de marché clairement identifié, qui passe des ordres réels via le même moteur que vous : les prix et les transactions se comportent donc exactement comme avec de l'argent réel. N'hésitez pas à expérimenter : c'est ici que vous pouvez apprendre le fonctionnement de la plateforme sans aucun risque.</p>`,
  },
  15: {
    title: "Les maintenances sont annoncées ici 24 heures à l'avance",
    content: `<p>Lorsque nous devons mettre la plateforme hors ligne pour une maintenance, nous l'annonçons ici au moins 24 heures à l'avance, avec l'heure de début et la durée prévue. Une maintenance ne modifie jamais vos soldes : chaque modification de solde est enregistrée dans le journal, et l'audit vérifie que rien n'est créé ni perdu. Si un correctif de sécurité urgent devait un jour nécessiter un préavis plus court, nous l'indiquerons ici en expliquant pourquoi. Veuillez consulter cette rubrique avant de prévoir quoi que ce soit qui dépende d'un horaire précis.</p>`,
  },
  16: {
    title: 'Nous ne vous demanderons jamais vos codes ni vos mots de passe',
    content: `<p>Personne chez Open Exchange ne vous demandera jamais votre mot de passe, votre mot de passe de transaction ou un code de vérification, que ce soit par e-mail, par téléphone, par message ou par chat. Les codes comportent 6 chiffres, sont valables 10 minutes, ne peuvent être utilisés qu'une seule fois et sont uniquement destinés à être saisis par vous-même sur ce site. Si quelqu'un vous en demande un, il cherche à prendre le contrôle de votre compte : ne lui répondez pas, et contactez l'assistance à l'adresse e-mail indiquée en bas de page du site.</p>`,
  },
  66: {
    title: 'Politique de confidentialité',
    content: `<p>La présente politique de confidentialité explique quelles informations Open Exchange collecte lorsque vous utilisez la plateforme, pourquoi nous en avons besoin, combien de temps nous les conservons et ce que vous pouvez nous demander d'en faire. Nous avons essayé de la rédiger dans un langage simple. Open Exchange est open source : la manière dont vos informations sont traitées peut donc aussi être vérifiée dans le code.</p>
<h3>1. Informations que nous collectons</h3>
<p>Nous ne collectons que ce dont nous avons besoin pour gérer votre compte et faire fonctionner la plateforme :</p>
<ul>
<li><strong>Données du compte</strong> : l'adresse e-mail ou le numéro de mobile avec lequel vous vous inscrivez, l'indicatif du pays ou de la région d'un numéro de mobile, une adresse e-mail si vous en associez une ultérieurement et, si vous vous êtes inscrit avec un code d'invitation, le compte qui vous a invité.</li>
<li><strong>Vos mots de passe</strong> : votre mot de passe de connexion et, si vous en avez défini un, votre mot de passe de transaction. Tous deux sont stockés uniquement sous forme de hachages à sens unique, jamais sous une forme lisible (voir la section 3).</li>
<li><strong>Sessions de connexion</strong> : un enregistrement de chaque session que vous ouvrez, indiquant quand elle a commencé, quand elle a été utilisée pour la dernière fois et quand elle a pris fin, afin que nous puissions vous maintenir connecté et vous déconnecter. Le jeton de session lui-même est stocké uniquement sous forme de hachage.</li>
<li><strong>Codes de vérification</strong> : l'adresse ou le numéro auquel un code a été envoyé, son objet, sa date d'expiration, le nombre de tentatives effectuées et s'il a été utilisé. Le code lui-même est stocké uniquement sous forme de hachage.</li>
<li><strong>Journaux de sécurité et journaux techniques</strong> : les adresses IP et les détails des requêtes dans nos journaux serveur, ainsi que les enregistrements des tentatives de connexion échouées. Nous les utilisons pour limiter la fréquence des requêtes (limitation de débit), pour freiner les tentatives de deviner les mots de passe et pour enquêter sur les pannes et les abus.</li>
<li><strong>Données de trading et de compte</strong> : vos ordres, transactions, soldes, transferts entre vos propres comptes, dépôts et retraits, ainsi que le journal des soldes qui enregistre chaque modification de vos soldes.</li>
<li><strong>Documents d'identité</strong> : uniquement si vous choisissez de soumettre une vérification d'identité, les documents et informations que vous fournissez à cet effet. Si vous ne soumettez jamais de vérification, nous n'en détenons aucun.</li>
</ul>
<p>Nous ne demandons pas d'informations que nous n'utilisons pas, et nous n'achetons aucune information vous concernant auprès de tiers.</p>
<h3>2. Pourquoi nous les utilisons</h3>
<ul>
<li>Pour créer votre compte, vous connecter et sécuriser vos sessions.</li>
<li>Pour vous envoyer des codes de vérification et des messages importants concernant votre compte.</li>
<li>Pour apparier vos ordres, tenir vos soldes et traiter vos transferts, dépôts et retraits.</li>
<li>Pour tenir des registres exacts : chaque modification de solde est inscrite dans un journal, et un audit vérifie qu'aucun argent n'est créé ni perdu.</li>
<li>Pour protéger la plateforme et ses utilisateurs, par exemple en limitant le débit des requêtes et en examinant les activités suspectes.</li>
<li>Pour examiner votre vérification d'identité, si vous en soumettez une.</li>
<li>Pour respecter les obligations légales qui s'appliquent à nous, comme la conservation des enregistrements des transactions.</li>
</ul>
<p>Nous n'utilisons pas vos informations à des fins publicitaires, et nous ne constituons pas de profils vous concernant pour le compte de tiers.</p>
<h3>3. Comment nous protégeons les mots de passe et les jetons</h3>
<p>Votre mot de passe de connexion est stocké uniquement sous forme de hachage <strong>argon2id</strong>. Argon2id est une fonction à sens unique conçue pour être lente et coûteuse à inverser : même nous ne pouvons ni lire ni récupérer votre mot de passe. Si vous l'oubliez, vous en définissez un nouveau à l'aide d'un code de vérification. Votre mot de passe de transaction est stocké sous forme de hachage de la même manière.</p>
<p>Lorsque vous vous connectez, votre navigateur reçoit un jeton qui prouve votre identité à chaque requête. Nous ne stockons qu'un hachage de ce jeton : une copie de notre base de données ne suffirait donc pas à elle seule pour se connecter en votre nom. Lorsque vous vous déconnectez, la session est également fermée de notre côté. Les codes de vérification sont eux aussi stockés uniquement sous forme de hachage, expirent au bout de 10 minutes et ne fonctionnent plus une fois utilisés.</p>
<h3>4. Durée de conservation</h3>
<ul>
<li><strong>Données du compte, ordres, transactions, soldes et journal des soldes</strong> : tant que votre compte existe, puis aussi longtemps que la loi exige la conservation des documents financiers.</li>
<li><strong>Sessions de connexion</strong> : tant qu'elles sont actives, puis uniquement aussi longtemps qu'elles sont utiles à la sécurité de votre compte.</li>
<li><strong>Codes de vérification et enregistrements des connexions échouées</strong> : uniquement le temps nécessaire pour vérifier les codes et freiner les tentatives de les deviner.</li>
<li><strong>Journaux serveur contenant des adresses IP</strong> : pendant une période limitée, suffisante pour la limitation de débit et pour enquêter sur les pannes et les abus, après quoi ils sont supprimés.</li>
<li><strong>Documents d'identité</strong> : aussi longtemps que nécessaire pour mener à bien votre vérification et en assurer le suivi, et pas plus longtemps que ne l'exige une éventuelle obligation légale de conservation.</li>
</ul>
<h3>5. Avec qui nous les partageons</h3>
<p>Nous ne vendons pas vos informations personnelles, et nous ne les louons ni ne les échangeons. Nous ne les partageons que lorsque cela est nécessaire au fonctionnement du service ou lorsque nous y sommes tenus :</p>
<ul>
<li>Avec le service d'e-mail ou de SMS qui vous envoie vos codes de vérification, et qui reçoit votre adresse ou votre numéro ainsi que le message lui-même.</li>
<li>Lorsque la loi l'exige, par exemple en réponse à une demande légale valable émanant d'une autorité compétente.</li>
</ul>
<p>Les données de marché publiques, telles que les transactions, les prix et le carnet d'ordres, sont affichées à tous sans votre nom, votre adresse e-mail ni votre numéro de téléphone.</p>
<h3>6. Cookies et stockage local</h3>
<p>Le site web conserve une petite quantité d'informations dans le stockage local de votre navigateur :</p>
<ul>
<li><strong>Votre jeton de connexion</strong>, pour que vous restiez connecté d'une page à l'autre et d'une visite à l'autre. Il est supprimé lorsque vous vous déconnectez.</li>
<li><strong>Votre langue</strong> : anglais, chinois simplifié, chinois traditionnel, japonais, allemand, néerlandais ou français.</li>
<li><strong>Votre thème</strong>, par exemple clair ou sombre.</li>
<li><strong>Votre identifiant</strong> (e-mail ou numéro de téléphone), seulement si vous cochez « Se souvenir de mon compte » à la connexion. Votre mot de passe n'est jamais enregistré.</li>
<li><strong>Vos préférences de trading</strong> : l'intervalle du graphique, la confirmation ou non des ordres et, avant la connexion, les marchés mis en favoris.</li>
</ul>
<p>Nous n'utilisons pas de cookies publicitaires ni de cookies de suivi. Vous pouvez effacer ce stockage à tout moment dans les paramètres de votre navigateur ; vous serez alors déconnecté, et le site reviendra à sa langue et à son thème par défaut.</p>
<h3>7. Vos droits</h3>
<p>Vous pouvez nous demander :</p>
<ul>
<li><strong>L'accès</strong> : une copie des informations personnelles que nous détenons à votre sujet.</li>
<li><strong>La rectification</strong> : la correction des informations inexactes ou obsolètes.</li>
<li><strong>L'effacement</strong> : la suppression de votre compte et de vos informations personnelles. Certains enregistrements, comme les transactions, les écritures du journal des soldes et les retraits, peuvent devoir être conservés pendant la durée exigée par la loi. Dans ce cas, nous ne conservons que ce qui est requis et supprimons le reste.</li>
</ul>
<p>Une grande partie de vos informations, comme vos ordres, vos soldes et l'historique de vos transferts, est consultable à tout moment dans votre compte. Pour faire une demande, contactez-nous comme indiqué à la section 9. Nous pouvons vous demander de confirmer la demande depuis l'adresse e-mail ou le numéro de mobile associé à votre compte, afin que personne d'autre ne puisse la faire en votre nom.</p>
<h3>8. Modifications de la présente politique</h3>
<p>Si nous modifions cette politique, nous publierons la nouvelle version sur cette page. Lorsqu'une modification change de manière significative l'utilisation de vos informations, nous l'annoncerons également dans les annonces du site avant son entrée en vigueur.</p>
<h3>9. Nous contacter</h3>
<p>Pour toute question sur cette politique, ou pour exercer l'un de vos droits, écrivez à l'adresse e-mail d'assistance indiquée en bas de page du site. Si possible, écrivez depuis l'adresse e-mail associée à votre compte. N'indiquez jamais votre mot de passe, votre mot de passe de transaction ou un code de vérification dans votre message : nous ne vous les demanderons jamais.</p>`,
  },
};
