import type { DemoArticleText } from './demo-news.js';

/** German texts of the demo news, translated from the English, keyed by article id. */
export const DEMO_NEWS_GM: Readonly<Record<number, DemoArticleText>> = {
  1: {
    title: 'Jeder Preis stammt aus einer echten Order',
    content: `<p>Auf Open Exchange stammt jeder Preis, den Sie sehen, aus echten Orders, die von unserer eigenen Engine zusammengeführt werden. Orders werden nach Preis-Zeit-Priorität zusammengeführt, und jeder Trade wird zum Preis der Order ausgeführt, die bereits im Orderbuch lag. Es gibt keine erfundene Markttiefe und keinen Preis, der von anderswo übernommen wird. Öffnen Sie die Handelsseite, beobachten Sie, wie sich das Orderbuch bewegt, und wissen Sie: Jede Zahl darin steht für eine Order, die jemand wirklich platziert hat, auch die unseres klar gekennzeichneten Market-Makers im Demomodus.</p>`,
  },
  2: {
    title: 'Open Source, offene Bücher',
    content: `<p>Open Exchange ist Open Source, sodass jeder den Code lesen kann, der Orders zusammenführt, Guthaben bewegt und Kontrakte abrechnet. Jede Änderung eines Guthabens wird in ein Journal geschrieben, und ein Audit prüft, dass die Summen immer aufgehen: Es wird kein Geld erzeugt, und keines verschwindet. Wir sind überzeugt, dass eine Börse ihre Arbeit offenlegen können sollte, und auf diese Weise legen wir unsere offen. Wenn Ihnen einmal etwas nicht stimmig erscheint, steht Ihnen der Code zur Verfügung, um es daran zu überprüfen.</p>`,
  },
  3: {
    title: 'Sekundenkontrakte, die jeder überprüfen kann',
    content: `<p>Unsere Sekundenkontrakte werden zum echten letzten Handelspreis des Marktes im Moment ihres Ablaufs abgerechnet. Das ist derselbe Preis, den jeder in der öffentlichen Liste der Trades und in den Charts sieht, sodass Sie oder jeder andere jedes Ergebnis selbst nachrechnen können. Keine verborgene Einstellung entscheidet, wer gewinnt, und kein Konto wird anders behandelt als ein anderes. Wenn Sie sich entscheiden, sie auszuprobieren, dann tun Sie das bitte in genauer Kenntnis ihrer Funktionsweise und nur mit einem Betrag, dessen Verlust Sie sich leisten können.</p>`,
  },
  4: {
    title: 'So registrieren Sie sich und bestätigen Ihre E-Mail-Adresse oder Telefonnummer',
    content: `<p>Die Eröffnung eines Kontos dauert nur ein paar Minuten. Sie können sich entweder mit einer E-Mail-Adresse oder mit einer Mobilnummer registrieren.</p>
<ol>
<li>Öffnen Sie die Registrierungsseite und wählen Sie <strong>E-Mail</strong> oder <strong>Mobilnummer</strong>. Wählen Sie bei einer Mobilnummer zuerst Ihr Land oder Gebiet aus, damit die richtige Vorwahl verwendet wird.</li>
<li>Geben Sie Ihre E-Mail-Adresse oder Mobilnummer ein und fordern Sie einen Bestätigungscode an. Wir senden einen 6-stelligen Code an diese Adresse oder Nummer.</li>
<li>Geben Sie den Code in das Formular ein. Er ist 10 Minuten gültig und kann nur einmal verwendet werden. Falls er nicht ankommt, können Sie nach 60 Sekunden einen neuen anfordern.</li>
<li>Wählen Sie ein Passwort aus 6 bis 16 Buchstaben oder Ziffern und geben Sie es zur Bestätigung ein zweites Mal ein.</li>
<li>Geben Sie Ihren Einladungscode ein. Die Registrierung erfordert einen, solange die Börse nur auf Einladung zugänglich ist; verwenden Sie in dieser Demo den auf der Anmeldeseite angezeigten Code (DEMO2026) oder den Link eines Freundes, der ihn automatisch für Sie ausfüllt.</li>
</ol>
<p>Wenn Sie das Formular absenden, wird Ihr Konto erstellt und der Code ist verbraucht. Mit der Eingabe des Codes weisen Sie nach, dass die E-Mail-Adresse oder Telefonnummer wirklich Ihnen gehört. Dadurch können wir Sie später erreichen, zum Beispiel wenn Sie ein vergessenes Passwort zurücksetzen müssen.</p>
<p>Wenn kein Code ankommt, sehen Sie in Ihrem Spam-Ordner nach oder prüfen Sie, ob die Nummer vollständig ist. Warten Sie dann, bis die 60 Sekunden vergangen sind, und fordern Sie ihn erneut an. Geben Sie einen Code niemals an andere weiter, auch nicht an Personen, die behaupten, für uns zu arbeiten.</p>`,
  },
  5: {
    title: 'So funktionieren Spot-Orders',
    content: `<p>Spot-Handel bedeutet, eine Coin direkt gegen eine andere zu kaufen oder zu verkaufen, zum Beispiel BTC gegen USDT. Jede Order gelangt in das Orderbuch des Marktes, und die Matching-Engine bringt Käufer und Verkäufer nach Preis-Zeit-Priorität zusammen: Der beste Preis kommt zuerst, und bei gleichem Preis kommt die früher platzierte Order zuerst.</p>
<h3>Limit-Orders</h3>
<p>Bei einer Limit-Order legen Sie den Preis selbst fest. Eine Kauforder zahlt nie mehr als Ihren Preis, und eine Verkaufsorder erhält nie weniger. Wenn noch niemand bereit ist, zu Ihrem Preis zu handeln, bleibt die Order im Orderbuch liegen, bis sie ausgeführt wird oder Sie sie stornieren.</p>
<h3>Market-Orders</h3>
<p>Eine Market-Order wird sofort gegen die besten Orders ausgeführt, die bereits im Orderbuch warten. Das geht schnell, aber der Preis, den Sie erhalten, hängt davon ab, was in diesem Moment im Orderbuch steht. Sehen Sie sich daher in einem ruhigen Markt die Markttiefe an, bevor Sie die Order absenden.</p>
<h3>Welchen Preis Sie erhalten</h3>
<p>Ein Trade wird immer zum Preis der Order ausgeführt, die im Orderbuch lag: zum Preis des Makers. Wenn Sie eine Limit-Kauforder über dem niedrigsten Angebot platzieren, zahlen Sie den niedrigeren Preis der im Orderbuch liegenden Order, nicht Ihren eigenen.</p>
<h3>Gebühren</h3>
<p>Die Handelsgebühr wird von dem abgezogen, was Sie erhalten: beim Kauf von der Coin, beim Verkauf von der Quote-Währung. Der Gebührensatz jedes Marktes wird auf seiner Handelsseite angezeigt.</p>
<h3>Stornieren</h3>
<p>Solange eine Order offen ist, werden die dafür benötigten Mittel reserviert, damit sie nicht doppelt ausgegeben werden können. Wenn Sie stornieren, werden die Mittel für den noch nicht ausgeführten Teil sofort wieder auf Ihr Spot-Konto freigegeben.</p>`,
  },
  6: {
    title: 'Guthaben zwischen Ihren eigenen Konten übertragen',
    content: `<p>Ihre Guthaben werden in getrennten Konten geführt, eines für jede Art von Aktivität. So bleibt Geld, das Sie für einen Zweck verwenden, von Geld getrennt, das Sie für einen anderen verwenden, und eine Position in einem Produkt greift nie unbemerkt auf Mittel zurück, die Sie an anderer Stelle zurückgelegt haben.</p>
<ul>
<li><strong>Spot-Konto</strong>: für den Kauf und Verkauf von Coins auf den Spot-Märkten.</li>
<li><strong>Fiat-Konto</strong>: für den Fiat-Bereich (gesetzliche Zahlungsmittel) der Börse.</li>
<li><strong>Hebel-Konto</strong>: für den Handel mit Hebel.</li>
<li><strong>Sekundenkontrakt-Konto</strong>: für Sekundenkontrakte.</li>
<li><strong>Finanzkonto</strong>: für die Finanzprodukte der Börse.</li>
</ul>
<h3>So übertragen Sie</h3>
<p>Öffnen Sie die Übertragungsseite über Ihr Vermögen, wählen Sie die Coin, wählen Sie das Quellkonto und das Zielkonto aus und geben Sie den Betrag ein. Eine Übertragung zwischen Ihren eigenen Konten bleibt innerhalb der Börse: Es wird nichts an eine Blockchain gesendet. Der Betrag verlässt das eine Konto und kommt in einem einzigen Schritt auf dem anderen an, und beide Seiten werden in Ihr Guthabenjournal geschrieben, sodass Ihr Gesamtbesitz gleich bleibt.</p>
<h3>Was Sie übertragen können</h3>
<p>Sie können nur verfügbare Mittel übertragen. Beträge, die für offene Orders, offene Positionen oder ausstehende Auszahlungen reserviert sind, müssen zuerst freigegeben werden, zum Beispiel indem Sie die Order stornieren. Wenn eine Coin für ein bestimmtes Konto nicht angezeigt wird, wird sie von diesem Konto nicht verwendet.</p>`,
  },
  7: {
    title: 'So schützen Sie Ihr Konto',
    content: `<p>Die meisten Konten, die verloren gehen, werden nicht gewaltsam geknackt: Jemand wird dazu überredet, einen Code oder ein Passwort herauszugeben. Ein paar Gewohnheiten schützen Sie vor fast allem davon.</p>
<h3>Legen Sie ein Handelspasswort fest</h3>
<p>Ihr Handelspasswort ist ein zweites Passwort, getrennt von dem, mit dem Sie sich anmelden, und es sichert Ihre Mittel mit einem zweiten Schloss. Es sollte sich von Ihrem Anmeldepasswort unterscheiden, damit jemand, der eines davon erfährt, trotzdem nicht beide hat. Zum Festlegen oder Ändern wird ein Bestätigungscode benötigt, der an Sie gesendet wird.</p>
<h3>Geben Sie Ihre Codes niemals weiter</h3>
<p>Bestätigungscodes haben 6 Ziffern, sind 10 Minuten gültig und können nur einmal verwendet werden. Ein Code ist immer nur dafür gedacht, dass Sie ihn selbst auf dieser Website eingeben. Niemand von Open Exchange wird Sie jemals nach einem Code, Ihrem Passwort oder Ihrem Handelspasswort fragen, weder per Telefon, Nachricht, E-Mail noch Chat. Wer danach fragt, versucht, Ihr Konto zu übernehmen.</p>
<h3>Gute Gewohnheiten</h3>
<ul>
<li>Verwenden Sie ein Passwort, das Sie nirgendwo anders verwenden. Passwörter bestehen aus 6 bis 16 Buchstaben oder Ziffern; nutzen Sie die volle Länge und mischen Sie beides.</li>
<li>Melden Sie sich ab, wenn Sie einen gemeinsam genutzten oder öffentlichen Computer verwenden.</li>
<li>Schützen Sie das E-Mail-Konto oder Telefon, das mit Ihrem Konto verknüpft ist, denn dorthin werden Ihre Codes gesendet.</li>
<li>Wenn Sie einen Code erhalten, den Sie nicht angefordert haben, geben Sie ihn nicht weiter. Möglicherweise versucht jemand, in Ihr Konto zu gelangen; ändern Sie daher Ihr Passwort.</li>
</ul>
<p>Wenn Sie vermuten, dass sich jemand anderes Zugang zu Ihrem Konto verschafft hat, ändern Sie sofort Ihr Passwort und wenden Sie sich an den Support über die E-Mail-Adresse, die in der Fußzeile der Website angezeigt wird.</p>`,
  },
  8: {
    title: 'Über Open Exchange',
    content: `<p>Open Exchange ist eine Open-Source-Kryptowährungsbörse. Ihr Code ist öffentlich, sodass jeder nachlesen kann, wie Orders zusammengeführt werden, wie sich Guthaben bewegen und wie Kontrakte abgerechnet werden, und überprüfen kann, dass die Website tut, was sie sagt.</p>
<p>Die Börse bietet Spot-Märkte, auf denen Coins gegeneinander gekauft und verkauft werden, sowie Fiat-, Hebel-, Sekundenkontrakt- und Finanzkonten. Preise entstehen ausschließlich aus echten Orders, die von der eigenen Engine der Börse nach Preis-Zeit-Priorität zusammengeführt werden, und jeder Trade wird zum Preis der im Orderbuch liegenden Order ausgeführt. Nichts auf der Handelsseite dient nur dem Schein.</p>
<p>Wenn die Börse im Demomodus läuft, stammt die Liquidität von einem Market-Maker-Konto, das klar als solches gekennzeichnet ist. Es platziert echte Orders über dieselbe Engine wie alle anderen und erhält keine Sonderbehandlung.</p>
<p>Im Hintergrund wird jede Änderung eines Guthabens in einem Journal erfasst, und ein Audit prüft, dass niemals Geld erzeugt wird oder verloren geht. Eine abgelehnte oder stornierte Auszahlung gibt ihre Mittel immer wieder an Sie frei.</p>
<p>Die Website ist auf Englisch, vereinfachtem Chinesisch, traditionellem Chinesisch, Japanisch, Deutsch, Niederländisch und Französisch verfügbar.</p>
<p>Wir sind lieber schlicht als beeindruckend. Wenn etwas unklar ist, fragen Sie uns über die Support-E-Mail-Adresse in der Fußzeile der Website, oder lesen Sie den Code.</p>`,
  },
  9: {
    title: 'Unsere Grundsätze der Ehrlichkeit',
    content: `<p>Eine Börse bittet Menschen, ihr ihr Geld anzuvertrauen. Wir finden, dass dieses Vertrauen auf Dingen beruhen sollte, die Sie überprüfen können, nicht auf Versprechen. Dies sind die Regeln, nach denen wir bauen.</p>
<ol>
<li><strong>Nur echte Preise.</strong> Jeder Preis stammt aus echten Orders, die von unserer Engine zusammengeführt werden. Orders werden nach Preis-Zeit-Priorität zusammengeführt, derselben Regel für alle, und Trades werden zum Preis der im Orderbuch liegenden Order ausgeführt.</li>
<li><strong>Keine erfundene Markttiefe.</strong> Im Demomodus stammt die Liquidität von einem klar gekennzeichneten Market-Maker-Konto, das echte Orders über dieselbe Engine platziert. Wir tragen niemals gefälschte Orders in das Orderbuch ein.</li>
<li><strong>Ergebnisse, die jeder nachrechnen kann.</strong> Sekundenkontrakte werden bei Ablauf zum echten letzten Handelspreis des Marktes abgerechnet, demselben Preis, der in den öffentlichen Trades und in den Charts angezeigt wird. Es gibt keine Steuerung der Ergebnisse für einzelne Nutzer.</li>
<li><strong>Kein Geld wird erzeugt oder geht verloren.</strong> Jede Änderung eines Guthabens wird in einem Journal erfasst, und ein Audit prüft, dass die Bücher immer ausgeglichen sind.</li>
<li><strong>Ihre Mittel kommen zurück.</strong> Eine abgelehnte oder stornierte Auszahlung gibt ihre Mittel immer frei.</li>
<li><strong>Offener Code.</strong> Die Börse ist Open Source, sodass Sie uns nichts davon einfach glauben müssen.</li>
<li><strong>Keine Behauptungen, die wir nicht belegen können.</strong> Wir werben nicht mit Zahlen, Auszeichnungen oder Nachweisen, die wir nicht belegen können.</li>
</ol>
<p>Wenn Sie jemals feststellen, dass wir einem dieser Grundsätze nicht gerecht werden, teilen Sie es uns bitte über die Support-E-Mail-Adresse in der Fußzeile der Website mit. Wir hören es viel lieber, als dass es unbemerkt bleibt.</p>`,
  },
  10: {
    title: 'Gebühren und Limits',
    content: `<p>Sie sollten wissen, was ein Trade kostet, bevor Sie ihn platzieren. Diese Seite erklärt, wie Gebühren und Limits auf Open Exchange funktionieren.</p>
<h3>Handelsgebühren</h3>
<p>Jeder Markt hat seinen eigenen Gebührensatz, der auf der Handelsseite dieses Marktes angezeigt wird. Die Gebühr wird von dem abgezogen, was Sie erhalten: beim Kauf von der Coin, die Sie bekommen; beim Verkauf von der Quote-Währung, die Sie bekommen. Wie jede andere Änderung eines Guthabens wird sie in Ihr Guthabenjournal geschrieben.</p>
<h3>Order-Limits</h3>
<p>Jeder Markt legt fest, wie viele Nachkommastellen seine Preise und Mengen haben dürfen. Wo ein Markt weitere Limits hat, wird eine Order außerhalb dieser Limits mit einer Meldung abgelehnt, die den Grund erklärt, statt nur teilweise ausgeführt zu werden.</p>
<h3>Auszahlungen</h3>
<p>Auszahlungsgebühren sowie die kleinsten und größten Beträge, die Sie auszahlen können, werden für jede Coin separat festgelegt und vor Ihrer Bestätigung angezeigt. Wenn eine Auszahlung abgelehnt wird oder Sie sie stornieren, wird der gesamte dafür reservierte Betrag immer wieder auf Ihr Konto freigegeben.</p>
<h3>Warum auf dieser Seite keine Zahlen stehen</h3>
<p>Sätze können sich von Markt zu Markt und von Coin zu Coin unterscheiden, und sie können sich ändern. Statt hier Zahlen abzudrucken, die veralten könnten, zeigen wir die aktuellen dort an, wo Sie sie verwenden. Falls diese Seite und eine Handelsseite einmal nicht übereinzustimmen scheinen, ist die Handelsseite maßgeblich.</p>`,
  },
  11: {
    title: 'Die Demo von Open Exchange ist geöffnet',
    content: `<p>Heute öffnen wir die Demo von Open Exchange für alle. Sie können sich mit einer E-Mail-Adresse oder einer Mobilnummer registrieren und die gesamte Börse ausprobieren: Spot-Handel, Übertragungen zwischen Ihren Konten, Sekundenkontrakte und mehr. Alle Guthaben in der Demo sind Spielgeld.</p>
<p>Die Demo läuft mit demselben Code wie die echte Börse. Orders durchlaufen die echte Matching-Engine, Preise stammen ausschließlich aus echten Orders, und jede Änderung eines Guthabens wird in das Journal geschrieben und vom Audit geprüft. Die Unterschiede bestehen darin, dass das Geld nicht echt ist und dass die Liquidität von einem klar gekennzeichneten Market-Maker-Konto stammt, das echte Orders über dieselbe Engine platziert wie Sie.</p>
<p>Da alles Open Source ist, können Sie genau nachlesen, was passiert, wenn Sie auf Kaufen klicken, und es mit dem vergleichen, was Sie auf dem Bildschirm sehen.</p>
<p>Die Website spricht Englisch, vereinfachtes Chinesisch, traditionelles Chinesisch, Japanisch, Deutsch, Niederländisch und Französisch. Wählen Sie also die Sprache, in der Sie sich am wohlsten fühlen.</p>
<p>Bitte versuchen Sie, Dinge kaputtzumachen. Wenn Sie einen Fehler, eine verwirrende Ansicht oder eine Zahl finden, die nicht aufgeht, teilen Sie es uns über die Support-E-Mail-Adresse in der Fußzeile der Website mit. Jede Meldung hilft.</p>`,
  },
  12: {
    title: 'Neue Märkte: BTC, ETH, TRX, DOT und FAIR gegen USDT',
    content: `<p>Fünf Spot-Märkte sind jetzt geöffnet, alle in USDT notiert:</p>
<ul>
<li><strong>BTC/USDT</strong>: Bitcoin</li>
<li><strong>ETH/USDT</strong>: Ethereum</li>
<li><strong>TRX/USDT</strong>: TRON</li>
<li><strong>DOT/USDT</strong>: Polkadot</li>
<li><strong>FAIR/USDT</strong>: FAIR, die hauseigene Coin von Open Exchange</li>
</ul>
<p>FAIR ist unsere hauseigene Coin. Wie bei jedem anderen Markt hier wird ihr Preis ausschließlich durch die Orders bestimmt, die Menschen platzieren, und wir machen keine Versprechen darüber, wohin er sich entwickeln wird.</p>
<p>In allen fünf Märkten entstehen Preise auf dieselbe Weise: durch echte Orders, die von unserer Engine nach Preis-Zeit-Priorität zusammengeführt werden, wobei jeder Trade zum Preis der im Orderbuch liegenden Order ausgeführt wird. Im Demomodus stellt das klar gekennzeichnete Market-Maker-Konto Liquidität bereit, indem es echte Orders über dieselbe Engine platziert. Seine Orders sind gewöhnliche Orders: Sie können gegen sie handeln, und sie stehen bei gleichem Preis hinter früheren Orders in der Warteschlange, genau wie Ihre.</p>
<p>Der Gebührensatz jedes Marktes wird auf seiner Handelsseite angezeigt. Wählen Sie einen Markt aus der Marktliste, um loszulegen, und denken Sie daran, dass im Demomodus alle Guthaben Spielgeld sind.</p>`,
  },
  13: {
    title: 'Sekundenkontrakte, ehrlich erklärt',
    content: `<p>Ein Sekundenkontrakt (manchmal auch Mikrokontrakt genannt) ist eine sehr kurzfristige Vorhersage. Sie wählen einen Markt, eine Richtung (steigend oder fallend), einen Betrag und eine Laufzeit, und die Bedingungen werden Ihnen vor Ihrer Bestätigung angezeigt. Wenn die Zeit abgelaufen ist, wird der Kontrakt abgerechnet. Hat sich der Preis nicht in Ihre Richtung bewegt, können Sie den gesamten eingesetzten Betrag verlieren.</p>
<h3>Welcher Preis über das Ergebnis entscheidet</h3>
<p>Jeder Kontrakt wird zum echten letzten Handelspreis des Marktes im Moment seines Ablaufs abgerechnet. Das ist derselbe Preis, den jeder in der öffentlichen Liste der Trades und in den Kerzencharts sehen kann. Es gibt keinen separaten Abrechnungspreis und keine Steuerung der Ergebnisse für einzelne Nutzer: Niemand kann entscheiden, ob Ihr Kontrakt gewinnt oder verliert, und kein Konto wird anders behandelt als ein anderes.</p>
<h3>Prüfen Sie es selbst</h3>
<p>Notieren Sie sich den Preis, zu dem Ihr Kontrakt eröffnet wurde, und den Zeitpunkt seines Ablaufs, und sehen Sie dann in den öffentlichen Trades oder im Chart nach, welcher Trade zu diesem Zeitpunkt der letzte war. Sie werden denselben Preis finden, den wir verwendet haben. Da der Code Open Source ist, können Sie außerdem genau nachlesen, wie die Abrechnung berechnet wird.</p>
<h3>Der ehrliche Teil</h3>
<p>Preisbewegungen über wenige Sekunden oder Minuten sind größtenteils Rauschen, und ein Sekundenkontrakt ist eine Wette auf dieses Rauschen. Eine faire Abrechnung macht ihn nicht zu einer guten Anlage; sie bedeutet nur, dass das Ergebnis echt ist. Im Demomodus sind alle Guthaben Spielgeld. Dadurch eignet er sich gut, um ohne jedes Risiko zu lernen, wie sich diese Kontrakte verhalten.</p>`,
  },
  14: {
    title: 'Dies ist eine Demo-Börse: Die Guthaben sind Spielgeld',
    content: `<p>Diese Website läuft im Demomodus. Alle Guthaben hier sind Spielgeld: Sie haben keinen echten Wert, und nichts, was Sie hier tun, kann Sie echtes Geld kosten. Bitte senden Sie keine echten Coins an eine auf dieser Website angezeigte Adresse. Die Liquidität stammt von einem klar gekennzeichneten Market-Maker-Konto, das echte Orders über dieselbe Engine platziert, die Sie verwenden, sodass sich Preise und Trades genau so verhalten, wie sie es mit echtem Geld tun würden. Experimentieren Sie ruhig: Hier können Sie ohne jedes Risiko lernen, wie die Börse funktioniert.</p>`,
  },
  15: {
    title: 'Wartungsfenster werden hier 24 Stunden im Voraus angekündigt',
    content: `<p>Wenn wir die Börse für Wartungsarbeiten vom Netz nehmen müssen, kündigen wir dies hier mindestens 24 Stunden im Voraus an, mit der Startzeit und der voraussichtlichen Dauer. Wartungsarbeiten verändern niemals Ihre Guthaben: Jede Änderung eines Guthabens wird im Journal erfasst, und das Audit prüft, dass nichts erzeugt wird oder verloren geht. Sollte eine dringende Sicherheitskorrektur einmal eine kürzere Vorlaufzeit erfordern, teilen wir das hier mit und erklären den Grund. Bitte sehen Sie in diesem Bereich nach, bevor Sie etwas Zeitkritisches planen.</p>`,
  },
  16: {
    title: 'Wir fragen Sie niemals nach Ihren Codes oder Passwörtern',
    content: `<p>Niemand von Open Exchange wird Sie jemals nach Ihrem Passwort, Ihrem Handelspasswort oder einem Bestätigungscode fragen, weder per E-Mail, Telefon, Nachricht noch Chat. Codes haben 6 Ziffern, sind 10 Minuten gültig und können einmal verwendet werden, und sie sind nur dafür bestimmt, dass Sie sie selbst auf dieser Website eingeben. Wenn jemand Sie nach einem Code fragt, versucht diese Person, Ihr Konto zu übernehmen: Antworten Sie ihr nicht, und wenden Sie sich an den Support über die E-Mail-Adresse, die in der Fußzeile der Website angezeigt wird.</p>`,
  },
  66: {
    title: 'Datenschutzerklärung',
    content: `<p>Diese Datenschutzerklärung erläutert, welche Informationen Open Exchange erhebt, wenn Sie die Börse nutzen, warum wir sie benötigen, wie lange wir sie aufbewahren und was Sie von uns in Bezug auf diese Informationen verlangen können. Wir haben versucht, sie in verständlicher Sprache zu verfassen. Open Exchange ist Open Source, sodass sich der Umgang mit Ihren Informationen auch im Code überprüfen lässt.</p>
<h3>1. Welche Informationen wir erheben</h3>
<p>Wir erheben nur, was wir für den Betrieb Ihres Kontos und der Börse benötigen:</p>
<ul>
<li><strong>Kontodaten</strong>: die E-Mail-Adresse oder Mobilnummer, mit der Sie sich registrieren, die Länder- oder Gebietsvorwahl einer Mobilnummer, eine E-Mail-Adresse, falls Sie später eine verknüpfen, und, falls Sie sich mit einem Einladungscode registriert haben, welches Konto Sie eingeladen hat.</li>
<li><strong>Ihre Passwörter</strong>: Ihr Anmeldepasswort und, falls Sie eines festgelegt haben, Ihr Handelspasswort. Beide werden ausschließlich als Einweg-Hashes gespeichert, niemals in lesbarer Form (siehe Abschnitt 3).</li>
<li><strong>Anmeldesitzungen</strong>: ein Eintrag zu jeder Sitzung, die Sie öffnen, mit dem Zeitpunkt ihres Beginns, ihrer letzten Nutzung und ihres Endes, damit wir Sie angemeldet halten und abmelden können. Das Sitzungstoken selbst wird nur als Hash gespeichert.</li>
<li><strong>Bestätigungscodes</strong>: die Adresse oder Nummer, an die ein Code gesendet wurde, sein Zweck, sein Ablaufzeitpunkt, die Anzahl der Versuche und ob er verwendet wurde. Der Code selbst wird nur als Hash gespeichert.</li>
<li><strong>Sicherheits- und technische Protokolle</strong>: IP-Adressen und Anfragedetails in unseren Serverprotokollen sowie Aufzeichnungen über fehlgeschlagene Anmeldeversuche. Wir nutzen diese, um zu begrenzen, wie schnell Anfragen gestellt werden können (Rate Limiting), um das Erraten von Passwörtern zu verlangsamen und um Störungen und Missbrauch zu untersuchen.</li>
<li><strong>Handels- und Kontoaufzeichnungen</strong>: Ihre Orders, Trades, Guthaben, Übertragungen zwischen Ihren eigenen Konten, Ein- und Auszahlungen sowie das Guthabenjournal, das jede Änderung Ihrer Guthaben erfasst.</li>
<li><strong>Ausweisdokumente</strong>: nur wenn Sie sich entscheiden, eine Identitätsverifizierung einzureichen, die Dokumente und Angaben, die Sie dafür bereitstellen. Wenn Sie nie eine Verifizierung einreichen, speichern wir keine.</li>
</ul>
<p>Wir fragen keine Informationen ab, die wir nicht verwenden, und wir kaufen keine Informationen über Sie von Dritten.</p>
<h3>2. Wofür wir sie verwenden</h3>
<ul>
<li>Um Ihr Konto zu erstellen, Sie anzumelden und Ihre Sitzungen sicher zu halten.</li>
<li>Um Ihnen Bestätigungscodes und wichtige Mitteilungen zu Ihrem Konto zu senden.</li>
<li>Um Ihre Orders zusammenzuführen, Ihre Guthaben zu führen und Ihre Übertragungen, Ein- und Auszahlungen abzuwickeln.</li>
<li>Um genaue Aufzeichnungen zu führen: Jede Änderung eines Guthabens wird in ein Journal geschrieben, und ein Audit prüft, dass kein Geld erzeugt wird oder verloren geht.</li>
<li>Um die Börse und die Menschen, die sie nutzen, zu schützen, zum Beispiel durch die Begrenzung der Anfragerate und die Untersuchung verdächtiger Aktivitäten.</li>
<li>Um Ihre Identitätsverifizierung zu prüfen, falls Sie eine einreichen.</li>
<li>Um für uns geltende gesetzliche Pflichten zu erfüllen, etwa die Aufbewahrung von Transaktionsaufzeichnungen.</li>
</ul>
<p>Wir verwenden Ihre Informationen nicht für Werbung, und wir erstellen keine Profile von Ihnen für Dritte.</p>
<h3>3. Wie wir Passwörter und Tokens schützen</h3>
<p>Ihr Anmeldepasswort wird ausschließlich als <strong>argon2id</strong>-Hash gespeichert. Argon2id ist eine Einwegfunktion, die so konzipiert ist, dass ihre Umkehrung langsam und aufwendig ist, sodass selbst wir Ihr Passwort weder lesen noch wiederherstellen können. Wenn Sie es vergessen, legen Sie mithilfe eines Bestätigungscodes ein neues fest. Ihr Handelspasswort wird auf dieselbe Weise als Hash gespeichert.</p>
<p>Wenn Sie sich anmelden, erhält Ihr Browser ein Token, das bei jeder Anfrage nachweist, wer Sie sind. Wir speichern nur einen Hash dieses Tokens, sodass eine Kopie unserer Datenbank allein nicht ausreichen würde, um sich als Sie anzumelden. Wenn Sie sich abmelden, wird die Sitzung auch auf unserer Seite beendet. Bestätigungscodes werden ebenfalls nur als Hashes gespeichert, laufen nach 10 Minuten ab und funktionieren nicht mehr, sobald sie verwendet wurden.</p>
<h3>4. Wie lange wir sie aufbewahren</h3>
<ul>
<li><strong>Kontodaten, Orders, Trades, Guthaben und das Guthabenjournal</strong>: solange Ihr Konto besteht, und danach so lange, wie das Gesetz die Aufbewahrung von Finanzunterlagen vorschreibt.</li>
<li><strong>Anmeldesitzungen</strong>: solange sie aktiv sind, und danach nur so lange, wie sie für die Sicherheit Ihres Kontos nützlich sind.</li>
<li><strong>Bestätigungscodes und Aufzeichnungen über fehlgeschlagene Anmeldungen</strong>: nur so lange, wie sie zur Prüfung von Codes und zur Verlangsamung des Ratens benötigt werden.</li>
<li><strong>Serverprotokolle mit IP-Adressen</strong>: für einen begrenzten Zeitraum, lang genug für das Rate Limiting und die Untersuchung von Störungen und Missbrauch; danach werden sie gelöscht.</li>
<li><strong>Ausweisdokumente</strong>: so lange, wie es für den Abschluss und die Begleitung Ihrer Verifizierung erforderlich ist, und nicht länger, als es gesetzliche Aufbewahrungspflichten verlangen.</li>
</ul>
<h3>5. An wen wir sie weitergeben</h3>
<p>Wir verkaufen Ihre personenbezogenen Daten nicht, und wir vermieten oder tauschen sie auch nicht. Wir geben sie nur weiter, wenn dies für den Betrieb des Dienstes erforderlich ist oder wenn wir dazu verpflichtet sind:</p>
<ul>
<li>An den E-Mail- oder SMS-Dienst, der Ihre Bestätigungscodes zustellt und dabei Ihre Adresse oder Nummer sowie die Nachricht selbst erhält.</li>
<li>Wenn das Gesetz es verlangt, zum Beispiel als Antwort auf eine gültige rechtliche Anfrage einer zuständigen Behörde.</li>
</ul>
<p>Öffentliche Marktdaten wie Trades, Preise und das Orderbuch werden allen angezeigt, ohne Ihren Namen, Ihre E-Mail-Adresse oder Ihre Telefonnummer.</p>
<h3>6. Cookies und lokaler Speicher</h3>
<p>Die Website speichert eine kleine Menge an Informationen im lokalen Speicher Ihres Browsers:</p>
<ul>
<li><strong>Ihr Anmeldetoken</strong>, damit Sie zwischen Seiten und Besuchen angemeldet bleiben. Es wird entfernt, wenn Sie sich abmelden.</li>
<li><strong>Ihre Sprache</strong>: Englisch, vereinfachtes Chinesisch, traditionelles Chinesisch, Japanisch, Deutsch, Niederländisch oder Französisch.</li>
<li><strong>Ihr Design</strong>, zum Beispiel hell oder dunkel.</li>
<li><strong>Ihr Kontoname</strong> (E-Mail oder Telefonnummer), nur wenn Sie bei der Anmeldung „Konto merken“ ankreuzen. Ihr Passwort wird nie gespeichert.</li>
<li><strong>Ihre Handelseinstellungen</strong>: das Chartintervall, ob Orders eine Bestätigung verlangen, und vor der Anmeldung die Märkte, die Sie markiert haben.</li>
</ul>
<p>Wir verwenden keine Werbe- oder Tracking-Cookies. Sie können diesen Speicher jederzeit in Ihren Browsereinstellungen löschen; Sie werden dann abgemeldet, und die Website kehrt zu ihrer Standardsprache und ihrem Standarddesign zurück.</p>
<h3>7. Ihre Rechte</h3>
<p>Sie können von uns Folgendes verlangen:</p>
<ul>
<li><strong>Auskunft</strong>: eine Kopie der personenbezogenen Daten, die wir über Sie gespeichert haben.</li>
<li><strong>Berichtigung</strong>: die Korrektur von Angaben, die falsch oder veraltet sind.</li>
<li><strong>Löschung</strong>: die Löschung Ihres Kontos und Ihrer personenbezogenen Daten. Einige Aufzeichnungen, etwa Trades, Einträge im Guthabenjournal und Auszahlungen, müssen möglicherweise für den gesetzlich vorgeschriebenen Zeitraum aufbewahrt werden. In diesem Fall bewahren wir nur das Erforderliche auf und löschen den Rest.</li>
</ul>
<p>Viele Ihrer Informationen, etwa Ihre Orders, Guthaben und Ihr Übertragungsverlauf, sind jederzeit in Ihrem Konto einsehbar. Um eine Anfrage zu stellen, kontaktieren Sie uns wie in Abschnitt 9 beschrieben. Wir können Sie bitten, die Anfrage über die mit Ihrem Konto verknüpfte E-Mail-Adresse oder Mobilnummer zu bestätigen, damit niemand anderes sie in Ihrem Namen stellen kann.</p>
<h3>8. Änderungen dieser Erklärung</h3>
<p>Wenn wir diese Erklärung ändern, veröffentlichen wir die neue Fassung auf dieser Seite. Wenn eine Änderung die Verwendung Ihrer Informationen wesentlich betrifft, kündigen wir sie außerdem vor ihrem Inkrafttreten in den Mitteilungen der Website an.</p>
<h3>9. Kontakt</h3>
<p>Bei Fragen zu dieser Erklärung oder um eines Ihrer Rechte auszuüben, schreiben Sie an die Support-E-Mail-Adresse in der Fußzeile der Website. Schreiben Sie nach Möglichkeit von der E-Mail-Adresse, die mit Ihrem Konto verknüpft ist. Fügen Sie Ihrer Nachricht bitte niemals Ihr Passwort, Ihr Handelspasswort oder einen Bestätigungscode bei: Wir werden Sie niemals danach fragen.</p>`,
  },
};
