import type { DemoArticleText } from './demo-news.js';

/** Dutch texts of the demo news, translated from the English, keyed by article id. */
export const DEMO_NEWS_DU: Readonly<Record<number, DemoArticleText>> = {
  1: {
    title: 'Elke prijs komt van een echte order',
    content: `<p>Op Open Exchange komt elke prijs die u ziet van echte orders die door onze eigen engine worden gematcht. Orders worden gematcht op prijs-tijdprioriteit, en elke transactie wordt uitgevoerd tegen de prijs van de order die al in het orderboek stond. Er is geen verzonnen marktdiepte en geen prijs die ergens anders vandaan komt. Open de handelspagina, kijk hoe het orderboek beweegt en weet dat elk getal erin staat voor een order die iemand echt heeft geplaatst, ook die van onze duidelijk gemarkeerde marketmaker in de demomodus.</p>`,
  },
  2: {
    title: 'Open source, open boeken',
    content: `<p>Open Exchange is open source, dus iedereen kan de code lezen die orders matcht, saldi verplaatst en contracten afwikkelt. Elke wijziging in een saldo wordt in een journaal vastgelegd, en een audit controleert dat de totalen altijd kloppen: er wordt geen geld gecreëerd en er verdwijnt niets. Wij vinden dat een beurs moet kunnen laten zien hoe ze werkt, en zo doen wij dat. Als u ooit iets ziet dat niet lijkt te kloppen, dan staat de code voor u klaar om het te controleren.</p>`,
  },
  3: {
    title: 'Secondencontracten die iedereen kan controleren',
    content: `<p>Onze secondencontracten worden afgewikkeld tegen de echte laatste handelsprijs van de markt op het moment dat ze aflopen. Dat is dezelfde prijs die iedereen ziet in de openbare transactielijst en in de grafieken, zodat iedereen, u ook, elke uitkomst zelf kan narekenen. Geen verborgen instelling bepaalt wie wint, en geen enkel account wordt anders behandeld dan een ander. Als u besluit ze te proberen, doe dat dan alstublieft in de wetenschap hoe ze precies werken, en alleen met een bedrag dat u zich kunt veroorloven te verliezen.</p>`,
  },
  4: {
    title: 'Registreren en uw e-mailadres of telefoonnummer verifiëren',
    content: `<p>Een account aanmaken duurt maar een paar minuten. U kunt zich registreren met een e-mailadres of met een mobiel nummer.</p>
<ol>
<li>Open de registratiepagina en kies <strong>E-mail</strong> of <strong>Mobiel nummer</strong>. Kies bij een mobiel nummer eerst uw land of regio, zodat het juiste landnummer wordt gebruikt.</li>
<li>Voer uw e-mailadres of mobiele nummer in en vraag een verificatiecode aan. We sturen een code van 6 cijfers naar dat adres of nummer.</li>
<li>Typ de code in het formulier. Deze is 10 minuten geldig en kan maar één keer worden gebruikt. Komt hij niet aan, dan kunt u na 60 seconden een nieuwe aanvragen.</li>
<li>Kies een wachtwoord van 6 tot 16 letters of cijfers en typ het een tweede keer om het te bevestigen.</li>
<li>Voer uw uitnodigingscode in. Voor registratie is er een nodig zolang de beurs alleen op uitnodiging werkt; gebruik in deze demo de code die op de inlogpagina wordt getoond (DEMO2026) of de link van een vriend, die de code voor u invult.</li>
</ol>
<p>Wanneer u het formulier verstuurt, wordt uw account aangemaakt en is de code verbruikt. Door de code in te voeren bewijst u dat het e-mailadres of telefoonnummer echt van u is. Daardoor kunnen we u later bereiken, bijvoorbeeld wanneer u een vergeten wachtwoord opnieuw moet instellen.</p>
<p>Komt er geen code aan, kijk dan in uw spammap of controleer of het nummer volledig is. Wacht daarna tot de 60 seconden voorbij zijn en vraag het opnieuw. Geef een code nooit door aan iemand anders, ook niet aan mensen die zeggen dat ze voor ons werken.</p>`,
  },
  5: {
    title: 'Hoe spotorders werken',
    content: `<p>Spothandel betekent dat u een munt direct koopt of verkoopt tegen een andere, bijvoorbeeld BTC tegen USDT. Elke order komt in het orderboek van de markt, en de matching-engine koppelt kopers aan verkopers op prijs-tijdprioriteit: de beste prijs gaat voor, en bij dezelfde prijs gaat de order die eerder is geplaatst voor.</p>
<h3>Limietorders</h3>
<p>Met een limietorder bepaalt u zelf de prijs. Een kooporder betaalt nooit meer dan uw prijs, en een verkooporder ontvangt nooit minder. Als nog niemand bereid is tegen uw prijs te handelen, blijft de order in het orderboek staan tot hij wordt gematcht of u hem annuleert.</p>
<h3>Marktorders</h3>
<p>Een marktorder wordt direct uitgevoerd tegen de beste orders die al in het orderboek wachten. Dat gaat snel, maar de prijs die u krijgt hangt af van wat er op dat moment in het orderboek staat. Bekijk daarom op een rustige markt de marktdiepte voordat u de order verstuurt.</p>
<h3>Welke prijs u krijgt</h3>
<p>Een transactie wordt altijd uitgevoerd tegen de prijs van de order die in het orderboek stond: de prijs van de maker. Als u een limietkooporder plaatst boven het laagste aanbod, betaalt u de lagere prijs van de order die in het boek stond, niet uw eigen prijs.</p>
<h3>Kosten</h3>
<p>De handelskosten worden ingehouden op wat u ontvangt: bij kopen op de munt, bij verkopen op de quotevaluta. Het kostentarief van elke markt staat op de handelspagina van die markt.</p>
<h3>Annuleren</h3>
<p>Zolang een order openstaat, worden de benodigde tegoeden vastgehouden, zodat ze niet twee keer kunnen worden uitgegeven. Wanneer u annuleert, worden de tegoeden voor het deel dat nog niet is uitgevoerd direct weer vrijgegeven op uw spotrekening.</p>`,
  },
  6: {
    title: 'Tegoeden overboeken tussen uw eigen rekeningen',
    content: `<p>Uw saldi worden bijgehouden op aparte rekeningen, één voor elk soort activiteit. Zo blijft geld dat u voor het ene doel gebruikt gescheiden van geld dat u voor een ander doel gebruikt, en doet een positie in het ene product nooit ongemerkt een beroep op tegoeden die u ergens anders opzij hebt gezet.</p>
<ul>
<li><strong>Spotrekening</strong>: voor het kopen en verkopen van munten op de spotmarkten.</li>
<li><strong>Fiatrekening</strong>: voor het fiatgedeelte (wettig betaalmiddel) van de beurs.</li>
<li><strong>Hefboomrekening</strong>: voor handelen met hefboom.</li>
<li><strong>Secondencontractrekening</strong>: voor secondencontracten.</li>
<li><strong>Financiële rekening</strong>: voor de financiële producten van de beurs.</li>
</ul>
<h3>Zo boekt u over</h3>
<p>Open de overboekingspagina vanuit uw activa, kies de munt, kies de rekening waarvan en de rekening waarnaar u wilt overboeken, en voer het bedrag in. Een overboeking tussen uw eigen rekeningen blijft binnen de beurs: er wordt niets naar een blockchain verzonden. Het bedrag verlaat de ene rekening en komt in één stap op de andere aan, en beide kanten worden in uw saldojournaal vastgelegd, zodat het totaal dat u bezit gelijk blijft.</p>
<h3>Wat u kunt overboeken</h3>
<p>U kunt alleen beschikbare tegoeden overboeken. Bedragen die worden vastgehouden voor openstaande orders, open posities of lopende opnames moeten eerst worden vrijgegeven, bijvoorbeeld door de order te annuleren. Als een munt bij een bepaalde rekening niet verschijnt, wordt die munt door die rekening niet gebruikt.</p>`,
  },
  7: {
    title: 'Uw account veilig houden',
    content: `<p>De meeste accounts die verloren gaan, worden niet met geweld gekraakt: iemand wordt overgehaald een code of wachtwoord af te geven. Een paar gewoonten beschermen u tegen bijna alles daarvan.</p>
<h3>Stel een handelswachtwoord in</h3>
<p>Uw handelswachtwoord is een tweede wachtwoord, los van het wachtwoord waarmee u inlogt, en het voegt een tweede slot toe aan uw tegoeden. Kies een ander wachtwoord dan uw inlogwachtwoord, zodat iemand die er één te weten komt, nog steeds niet beide heeft. Voor het instellen of wijzigen is een verificatiecode nodig die naar u wordt gestuurd.</p>
<h3>Deel uw codes nooit</h3>
<p>Verificatiecodes hebben 6 cijfers, zijn 10 minuten geldig en kunnen maar één keer worden gebruikt. Een code is altijd alleen bedoeld om zelf op deze site in te voeren. Niemand van Open Exchange zal u ooit om een code, uw wachtwoord of uw handelswachtwoord vragen, niet per telefoon, bericht, e-mail of chat. Wie erom vraagt, probeert uw account over te nemen.</p>
<h3>Goede gewoonten</h3>
<ul>
<li>Gebruik een wachtwoord dat u nergens anders gebruikt. Wachtwoorden bestaan uit 6 tot 16 letters of cijfers; gebruik de volledige lengte en combineer beide.</li>
<li>Log uit wanneer u een gedeelde of openbare computer gebruikt.</li>
<li>Beveilig het e-mailaccount of de telefoon die aan uw account is gekoppeld, want daar komen uw codes terecht.</li>
<li>Als u een code ontvangt die u niet hebt aangevraagd, geef die dan niet door. Mogelijk probeert iemand toegang tot uw account te krijgen, dus wijzig uw wachtwoord.</li>
</ul>
<p>Als u denkt dat iemand anders toegang tot uw account heeft gekregen, wijzig dan meteen uw wachtwoord en neem contact op met de klantenservice via het e-mailadres onderaan de website.</p>`,
  },
  8: {
    title: 'Over Open Exchange',
    content: `<p>Open Exchange is een opensource-cryptobeurs. De code is openbaar, zodat iedereen kan lezen hoe orders worden gematcht, hoe saldi bewegen en hoe contracten worden afgewikkeld, en kan controleren of de site doet wat hij zegt.</p>
<p>De beurs biedt spotmarkten, waar munten tegen elkaar worden gekocht en verkocht, samen met fiat-, hefboom-, secondencontract- en financiële rekeningen. Prijzen komen alleen van echte orders die door de eigen engine van de beurs op prijs-tijdprioriteit worden gematcht, en elke transactie wordt uitgevoerd tegen de prijs van de order die in het orderboek stond. Niets op de handelspagina is alleen voor de show.</p>
<p>Wanneer de beurs in demomodus draait, komt de liquiditeit van een marketmaker-account dat duidelijk als zodanig is gemarkeerd. Het plaatst echte orders via dezelfde engine als ieder ander en krijgt geen speciale behandeling.</p>
<p>Achter de schermen wordt elke wijziging in een saldo in een journaal vastgelegd, en een audit controleert dat er nooit geld wordt gecreëerd of verloren gaat. Een geweigerde of geannuleerde opname geeft de tegoeden altijd weer aan u vrij.</p>
<p>De site is beschikbaar in het Engels, Vereenvoudigd Chinees, Traditioneel Chinees, Japans, Duits, Nederlands en Frans.</p>
<p>We zijn liever duidelijk dan indrukwekkend. Als iets onduidelijk is, vraag het ons dan via het e-mailadres van de klantenservice onderaan de website, of lees de code.</p>`,
  },
  9: {
    title: 'Onze principes van eerlijkheid',
    content: `<p>Een beurs vraagt mensen haar hun geld toe te vertrouwen. Wij vinden dat dat vertrouwen moet berusten op dingen die u kunt controleren, niet op beloften. Dit zijn de regels waarmee wij bouwen.</p>
<ol>
<li><strong>Alleen echte prijzen.</strong> Elke prijs komt van echte orders die door onze engine worden gematcht. Orders worden gematcht op prijs-tijdprioriteit, dezelfde regel voor iedereen, en transacties worden uitgevoerd tegen de prijs van de order die in het orderboek stond.</li>
<li><strong>Geen verzonnen marktdiepte.</strong> In de demomodus komt de liquiditeit van een duidelijk gemarkeerd marketmaker-account dat echte orders plaatst via dezelfde engine. We zetten nooit nep-orders in het orderboek.</li>
<li><strong>Uitkomsten die iedereen kan narekenen.</strong> Secondencontracten worden bij afloop afgewikkeld tegen de echte laatste handelsprijs van de markt, dezelfde prijs die in de openbare transacties en in de grafieken wordt getoond. Er is geen sturing van uitkomsten per gebruiker.</li>
<li><strong>Er wordt geen geld gecreëerd of verloren.</strong> Elke wijziging in een saldo wordt in een journaal vastgelegd, en een audit controleert dat de boeken altijd in balans zijn.</li>
<li><strong>Uw tegoeden komen terug.</strong> Een geweigerde of geannuleerde opname geeft de tegoeden altijd vrij.</li>
<li><strong>Open code.</strong> De beurs is open source, dus u hoeft niets hiervan zomaar van ons aan te nemen.</li>
<li><strong>Geen beweringen die we niet kunnen aantonen.</strong> We adverteren niet met cijfers, onderscheidingen of kwalificaties die we niet kunnen onderbouwen.</li>
</ol>
<p>Als u ooit merkt dat we op een van deze punten tekortschieten, laat het ons dan weten via het e-mailadres van de klantenservice onderaan de website. We horen het veel liever dan dat het onopgemerkt blijft.</p>`,
  },
  10: {
    title: 'Kosten en limieten',
    content: `<p>U moet weten wat een transactie kost voordat u de order plaatst. Deze pagina legt uit hoe kosten en limieten werken op Open Exchange.</p>
<h3>Handelskosten</h3>
<p>Elke markt heeft een eigen kostentarief, dat op de handelspagina van die markt wordt getoond. De kosten worden ingehouden op wat u ontvangt: bij kopen op de munt die u krijgt, bij verkopen op de quotevaluta die u krijgt. Net als elke andere wijziging in een saldo worden ze in uw saldojournaal vastgelegd.</p>
<h3>Orderlimieten</h3>
<p>Elke markt bepaalt hoeveel decimalen de prijzen en hoeveelheden mogen hebben. Waar een markt andere limieten heeft, wordt een order die daarbuiten valt geweigerd met een melding die uitlegt waarom, in plaats van dat hij gedeeltelijk wordt uitgevoerd.</p>
<h3>Opnames</h3>
<p>Opnamekosten en de kleinste en grootste bedragen die u kunt opnemen, worden per munt apart vastgesteld en getoond voordat u bevestigt. Als een opname wordt geweigerd, of als u hem annuleert, wordt het volledige bedrag dat ervoor werd vastgehouden altijd weer vrijgegeven op uw rekening.</p>
<h3>Waarom er op deze pagina geen cijfers staan</h3>
<p>Tarieven kunnen per markt en per munt verschillen, en ze kunnen veranderen. In plaats van hier cijfers te vermelden die verouderd kunnen raken, tonen we de actuele cijfers op de plek waar u ze gebruikt. Als deze pagina en een handelspagina elkaar ooit lijken tegen te spreken, dan is de handelspagina leidend.</p>`,
  },
  11: {
    title: 'De demo van Open Exchange is geopend',
    content: `<p>Vandaag stellen we de demo van Open Exchange open voor iedereen. U kunt zich registreren met een e-mailadres of een mobiel nummer en de hele beurs uitproberen: spothandel, overboekingen tussen uw rekeningen, secondencontracten en meer. Alle saldi in de demo zijn speelgeld.</p>
<p>De demo draait op dezelfde code als de echte beurs. Orders gaan door de echte matching-engine, prijzen komen alleen van echte orders, en elke wijziging in een saldo wordt in het journaal vastgelegd en door de audit gecontroleerd. De verschillen zijn dat het geld niet echt is en dat de liquiditeit komt van een duidelijk gemarkeerd marketmaker-account, dat echte orders plaatst via dezelfde engine als u.</p>
<p>Omdat alles open source is, kunt u precies nalezen wat er gebeurt wanneer u op Kopen drukt, en dat vergelijken met wat u op het scherm ziet.</p>
<p>De site spreekt Engels, Vereenvoudigd Chinees, Traditioneel Chinees, Japans, Duits, Nederlands en Frans, dus kies de taal waarin u zich het prettigst voelt.</p>
<p>Probeer gerust dingen kapot te maken. Als u een bug, een verwarrend scherm of een getal dat niet klopt vindt, laat het ons dan weten via het e-mailadres van de klantenservice onderaan de website. Elke melding helpt.</p>`,
  },
  12: {
    title: 'Nieuwe markten: BTC, ETH, TRX, DOT en FAIR tegen USDT',
    content: `<p>Er zijn nu vijf spotmarkten geopend, allemaal genoteerd in USDT:</p>
<ul>
<li><strong>BTC/USDT</strong>: Bitcoin</li>
<li><strong>ETH/USDT</strong>: Ethereum</li>
<li><strong>TRX/USDT</strong>: TRON</li>
<li><strong>DOT/USDT</strong>: Polkadot</li>
<li><strong>FAIR/USDT</strong>: FAIR, de eigen munt van Open Exchange</li>
</ul>
<p>FAIR is onze eigen munt. Net als bij elke andere markt hier wordt de prijs alleen bepaald door de orders die mensen plaatsen, en we doen geen beloften over waar die naartoe gaat.</p>
<p>In alle vijf markten komen prijzen op dezelfde manier tot stand: door echte orders die door onze engine op prijs-tijdprioriteit worden gematcht, waarbij elke transactie wordt uitgevoerd tegen de prijs van de order die in het orderboek stond. In de demomodus levert het duidelijk gemarkeerde marketmaker-account liquiditeit door echte orders te plaatsen via dezelfde engine. De orders ervan zijn gewone orders: u kunt ertegen handelen, en bij dezelfde prijs staan ze in de rij achter eerdere orders, net als de uwe.</p>
<p>Het kostentarief van elke markt staat op de handelspagina van die markt. Kies een markt uit de marktlijst om te beginnen, en vergeet niet dat in de demomodus alle saldi speelgeld zijn.</p>`,
  },
  13: {
    title: 'Secondencontracten, eerlijk uitgelegd',
    content: `<p>Een secondencontract (soms microcontract genoemd) is een zeer korte voorspelling. U kiest een markt, een richting (omhoog of omlaag), een bedrag en een looptijd, en de voorwaarden worden u getoond voordat u bevestigt. Wanneer de tijd om is, wordt het contract afgewikkeld. Als de prijs niet uw kant op is gegaan, kunt u het hele ingezette bedrag verliezen.</p>
<h3>Welke prijs de uitkomst bepaalt</h3>
<p>Elk contract wordt afgewikkeld tegen de echte laatste handelsprijs van de markt op het moment dat het afloopt. Dat is dezelfde prijs die iedereen kan zien in de openbare transactielijst en in de candlestickgrafieken. Er is geen aparte afwikkelingsprijs en geen sturing van uitkomsten per gebruiker: niemand kan bepalen of uw contract wint of verliest, en geen enkel account wordt anders behandeld dan een ander.</p>
<h3>Controleer het zelf</h3>
<p>Noteer de prijs waartegen uw contract werd geopend en het tijdstip waarop het afliep, en zoek dan de laatste transactie op dat moment op in de openbare transacties of in de grafiek. U vindt dezelfde prijs die wij hebben gebruikt. Omdat de code open source is, kunt u ook precies nalezen hoe de afwikkeling wordt berekend.</p>
<h3>Het eerlijke verhaal</h3>
<p>Prijzen over een paar seconden of minuten zijn grotendeels ruis, en een secondencontract is een gok op die ruis. Een eerlijke afwikkeling maakt het geen goede belegging; het betekent alleen dat de uitkomst echt is. In de demomodus zijn alle saldi speelgeld. Daardoor is de demomodus een goede plek om zonder enig risico te leren hoe deze contracten zich gedragen.</p>`,
  },
  14: {
    title: 'Dit is een demobeurs: saldi zijn speelgeld',
    content: `<p>Deze site draait in demomodus. Alle saldi hier zijn speelgeld: ze hebben geen echte waarde en niets wat u hier doet, kan u echt geld kosten. Stuur alstublieft geen echte munten naar een adres dat op deze site wordt getoond. De liquiditeit komt van een duidelijk gemarkeerd marketmaker-account dat echte orders plaatst via dezelfde engine die u gebruikt, zodat prijzen en transacties zich precies zo gedragen als ze met echt geld zouden doen. Experimenteer gerust: dit is de plek om zonder enig risico te leren hoe de beurs werkt.</p>`,
  },
  15: {
    title: 'Onderhoudsvensters worden hier 24 uur van tevoren aangekondigd',
    content: `<p>Wanneer we de beurs voor onderhoud offline moeten halen, kondigen we dat hier minstens 24 uur van tevoren aan, met de begintijd en hoe lang het naar verwachting duurt. Onderhoud verandert nooit uw saldi: elke wijziging in een saldo wordt in het journaal vastgelegd, en de audit controleert dat er niets wordt gecreëerd of verloren gaat. Als een dringende beveiligingsoplossing ooit een kortere aankondiging nodig heeft, melden we dat hier en leggen we uit waarom. Kijk alstublieft in dit gedeelte voordat u iets tijdgevoeligs plant.</p>`,
  },
  16: {
    title: 'Wij vragen nooit om uw codes of wachtwoorden',
    content: `<p>Niemand van Open Exchange zal u ooit vragen om uw wachtwoord, uw handelswachtwoord of een verificatiecode, niet per e-mail, telefoon, bericht of chat. Codes hebben 6 cijfers, zijn 10 minuten geldig en kunnen één keer worden gebruikt, en ze zijn alleen bedoeld om zelf op deze site in te voeren. Als iemand u om een code vraagt, probeert die persoon uw account over te nemen: reageer niet, en neem contact op met de klantenservice via het e-mailadres onderaan de website.</p>`,
  },
  66: {
    title: 'Privacybeleid',
    content: `<p>Dit privacybeleid legt uit welke gegevens Open Exchange verzamelt wanneer u de beurs gebruikt, waarom we die nodig hebben, hoe lang we ze bewaren en wat u ons kunt vragen ermee te doen. We hebben geprobeerd het in eenvoudige taal te schrijven. Open Exchange is open source, dus hoe er met uw gegevens wordt omgegaan, kunt u ook in de code controleren.</p>
<h3>1. Gegevens die we verzamelen</h3>
<p>We verzamelen alleen wat we nodig hebben om uw account en de beurs te laten werken:</p>
<ul>
<li><strong>Accountgegevens</strong>: het e-mailadres of mobiele nummer waarmee u zich registreert, de land- of regiocode van een mobiel nummer, een e-mailadres als u er later een koppelt, en, als u zich met een uitnodigingscode hebt geregistreerd, welk account u heeft uitgenodigd.</li>
<li><strong>Uw wachtwoorden</strong>: uw inlogwachtwoord en, als u er een hebt ingesteld, uw handelswachtwoord. Beide worden alleen opgeslagen als eenrichtingshash, nooit in leesbare vorm (zie paragraaf 3).</li>
<li><strong>Inlogsessies</strong>: een registratie van elke sessie die u opent, met wanneer deze begon, wanneer deze voor het laatst werd gebruikt en wanneer deze eindigde, zodat we u ingelogd kunnen houden en weer kunnen uitloggen. Het sessietoken zelf wordt alleen als hash opgeslagen.</li>
<li><strong>Verificatiecodes</strong>: het adres of nummer waarnaar een code is gestuurd, het doel ervan, wanneer de code verloopt, hoeveel pogingen er zijn gedaan en of de code is gebruikt. De code zelf wordt alleen als hash opgeslagen.</li>
<li><strong>Beveiligings- en technische logs</strong>: IP-adressen en verzoekgegevens in onze serverlogs, en registraties van mislukte inlogpogingen. We gebruiken deze om te beperken hoe snel verzoeken kunnen worden gedaan (rate limiting), om het raden van wachtwoorden te vertragen en om storingen en misbruik te onderzoeken.</li>
<li><strong>Handels- en rekeninggegevens</strong>: uw orders, transacties, saldi, overboekingen tussen uw eigen rekeningen, stortingen en opnames, en het saldojournaal dat elke wijziging in uw saldi vastlegt.</li>
<li><strong>Identiteitsdocumenten</strong>: alleen als u ervoor kiest een identiteitsverificatie in te dienen, de documenten en gegevens die u daarvoor verstrekt. Als u nooit een verificatie indient, bewaren we er geen.</li>
</ul>
<p>We vragen niet om gegevens die we niet gebruiken, en we kopen geen gegevens over u van anderen.</p>
<h3>2. Waarvoor we ze gebruiken</h3>
<ul>
<li>Om uw account aan te maken, u in te loggen en uw sessies veilig te houden.</li>
<li>Om u verificatiecodes en belangrijke berichten over uw account te sturen.</li>
<li>Om uw orders te matchen, uw saldi bij te houden en uw overboekingen, stortingen en opnames te verwerken.</li>
<li>Om een nauwkeurige administratie bij te houden: elke wijziging in een saldo wordt in een journaal vastgelegd, en een audit controleert dat er geen geld wordt gecreëerd of verloren gaat.</li>
<li>Om de beurs en de mensen die haar gebruiken te beschermen, bijvoorbeeld door het aantal verzoeken te beperken en verdachte activiteiten te onderzoeken.</li>
<li>Om uw identiteitsverificatie te beoordelen, als u die indient.</li>
<li>Om te voldoen aan wettelijke verplichtingen die op ons van toepassing zijn, zoals het bewaren van transactiegegevens.</li>
</ul>
<p>We gebruiken uw gegevens niet voor reclame, en we stellen geen profielen van u op voor anderen.</p>
<h3>3. Hoe we wachtwoorden en tokens beschermen</h3>
<p>Uw inlogwachtwoord wordt alleen opgeslagen als <strong>argon2id</strong>-hash. Argon2id is een eenrichtingsfunctie die zo is ontworpen dat het terugrekenen traag en kostbaar is, zodat zelfs wij uw wachtwoord niet kunnen lezen of herstellen. Als u het vergeet, stelt u met een verificatiecode een nieuw wachtwoord in. Uw handelswachtwoord wordt op dezelfde manier als hash opgeslagen.</p>
<p>Wanneer u inlogt, ontvangt uw browser een token dat bij elk verzoek aantoont wie u bent. We slaan alleen een hash van dat token op, zodat een kopie van onze database alleen niet kan worden gebruikt om als u in te loggen. Wanneer u uitlogt, wordt de sessie ook aan onze kant beëindigd. Verificatiecodes worden ook alleen als hash opgeslagen, verlopen na 10 minuten en werken niet meer zodra ze zijn gebruikt.</p>
<h3>4. Hoe lang we ze bewaren</h3>
<ul>
<li><strong>Accountgegevens, orders, transacties, saldi en het saldojournaal</strong>: zolang uw account bestaat, en daarna zolang de wet voorschrijft dat financiële gegevens moeten worden bewaard.</li>
<li><strong>Inlogsessies</strong>: zolang ze actief zijn, en daarna alleen zolang ze nuttig zijn om uw account te beveiligen.</li>
<li><strong>Verificatiecodes en registraties van mislukte inlogpogingen</strong>: alleen zolang ze nodig zijn om codes te controleren en het raden te vertragen.</li>
<li><strong>Serverlogs met IP-adressen</strong>: gedurende een beperkte periode, lang genoeg voor rate limiting en voor het onderzoeken van storingen en misbruik, waarna ze worden verwijderd.</li>
<li><strong>Identiteitsdocumenten</strong>: zolang nodig is om uw verificatie af te ronden en te ondersteunen, en niet langer dan een wettelijke bewaarplicht vereist.</li>
</ul>
<h3>5. Met wie we ze delen</h3>
<p>We verkopen uw persoonsgegevens niet, en we verhuren of verhandelen ze ook niet. We delen ze alleen wanneer dat nodig is om de dienst te laten werken of wanneer we daartoe verplicht zijn:</p>
<ul>
<li>Met de e-mail- of sms-dienst die uw verificatiecodes aflevert, die uw adres of nummer en het bericht zelf ontvangt.</li>
<li>Wanneer de wet dat vereist, bijvoorbeeld naar aanleiding van een geldig juridisch verzoek van een bevoegde instantie.</li>
</ul>
<p>Openbare marktgegevens, zoals transacties, prijzen en het orderboek, worden aan iedereen getoond zonder uw naam, e-mailadres of telefoonnummer.</p>
<h3>6. Cookies en lokale opslag</h3>
<p>De website bewaart een kleine hoeveelheid gegevens in de lokale opslag van uw browser:</p>
<ul>
<li><strong>Uw inlogtoken</strong>, zodat u ingelogd blijft tussen pagina's en bezoeken. Het wordt verwijderd wanneer u uitlogt.</li>
<li><strong>Uw taal</strong>: Engels, Vereenvoudigd Chinees, Traditioneel Chinees, Japans, Duits, Nederlands of Frans.</li>
<li><strong>Uw thema</strong>, zoals licht of donker.</li>
<li><strong>Uw accountnaam</strong> (e-mail of telefoonnummer), alleen als u bij het inloggen "Account onthouden" aanvinkt. Uw wachtwoord wordt nooit opgeslagen.</li>
<li><strong>Uw handelsvoorkeuren</strong>: het grafiekinterval, of orders om bevestiging vragen, en vóór het inloggen de markten die u als favoriet hebt gemarkeerd.</li>
</ul>
<p>We gebruiken geen advertentie- of trackingcookies. U kunt deze opslag op elk moment wissen in de instellingen van uw browser; u wordt dan uitgelogd en de site keert terug naar de standaardtaal en het standaardthema.</p>
<h3>7. Uw rechten</h3>
<p>U kunt ons vragen om:</p>
<ul>
<li><strong>Inzage</strong>: een kopie van de persoonsgegevens die we over u hebben.</li>
<li><strong>Correctie</strong>: het corrigeren van gegevens die onjuist of verouderd zijn.</li>
<li><strong>Verwijdering</strong>: het verwijderen van uw account en persoonsgegevens. Sommige gegevens, zoals transacties, boekingen in het saldojournaal en opnames, moeten mogelijk worden bewaard gedurende de periode die de wet voorschrijft. In dat geval bewaren we alleen wat verplicht is en verwijderen we de rest.</li>
</ul>
<p>Veel van uw gegevens, zoals uw orders, saldi en overboekingsgeschiedenis, zijn op elk moment zichtbaar in uw account. Om een verzoek in te dienen, neemt u contact met ons op zoals beschreven in paragraaf 9. We kunnen u vragen het verzoek te bevestigen vanaf het e-mailadres of mobiele nummer dat aan uw account is gekoppeld, zodat niemand anders het namens u kan indienen.</p>
<h3>8. Wijzigingen in dit beleid</h3>
<p>Als we dit beleid wijzigen, publiceren we de nieuwe versie op deze pagina. Wanneer een wijziging op een belangrijke manier van invloed is op hoe uw gegevens worden gebruikt, kondigen we die ook aan in de mededelingen op de site voordat de wijziging ingaat.</p>
<h3>9. Contact</h3>
<p>Voor vragen over dit beleid, of om een van uw rechten uit te oefenen, schrijft u naar het e-mailadres van de klantenservice onderaan de website. Schrijf indien mogelijk vanaf het e-mailadres dat aan uw account is gekoppeld. Zet nooit uw wachtwoord, uw handelswachtwoord of een verificatiecode in uw bericht: wij zullen daar nooit om vragen.</p>`,
  },
};
