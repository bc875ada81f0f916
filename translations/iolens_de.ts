<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>AboutText</name>
    <message>
        <source>&lt;h3&gt;iolens %1&lt;/h3&gt;&lt;p&gt;A what-if explorer for storage performance: statistical models trained on measurements predict response time and throughput for the workload you set.&lt;/p&gt;&lt;p&gt;The methods come from these papers:&lt;/p&gt;%2&lt;p&gt;License: GPL-3.0-or-later&lt;/p&gt;</source>
        <translation>&lt;h3&gt;iolens %1&lt;/h3&gt;&lt;p&gt;Ein Was-wäre-wenn-Explorer für Speicher-Performance: statistische Modelle, trainiert auf Messungen, sagen Antwortzeit und Durchsatz für die eingestellte Last voraus.&lt;/p&gt;&lt;p&gt;Die Methoden stammen aus diesen Veröffentlichungen:&lt;/p&gt;%2&lt;p&gt;Lizenz: GPL-3.0-or-later&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>EvidencePrompt</name>
    <message>
        <source>Left out: %1 (%2).</source>
        <translation>Ausgelassen: %1 (%2).</translation>
    </message>
    <message>
        <source>Export evidence pack to an empty folder</source>
        <translation>Nachweispaket in einen leeren Ordner exportieren</translation>
    </message>
    <message>
        <source>Evidence pack written to %1.</source>
        <translation>Nachweispaket nach %1 geschrieben.</translation>
    </message>
    <message>
        <source>Evidence pack</source>
        <translation>Nachweispaket</translation>
    </message>
    <message>
        <source>Cannot export the evidence pack</source>
        <translation>Das Nachweispaket kann nicht exportiert werden</translation>
    </message>
    <message>
        <source>%1 written to %2, %3 described.</source>
        <translation>%1 nach %2 geschrieben, %3 beschrieben.</translation>
    </message>
    <message>
        <source>1 file</source>
        <translation>1 Datei</translation>
    </message>
    <message>
        <source>%1 files</source>
        <translation>%1 Dateien</translation>
    </message>
    <message>
        <source>1 model</source>
        <translation>1 Modell</translation>
    </message>
    <message>
        <source>%1 models</source>
        <translation>%1 Modelle</translation>
    </message>
</context>
<context>
    <name>EvidenceViews</name>
    <message>
        <source>no parameter search has run in this window</source>
        <translation>in diesem Fenster lief noch keine Parametersuche</translation>
    </message>
    <message>
        <source>the models are still training</source>
        <translation>die Modelle werden noch trainiert</translation>
    </message>
    <message>
        <source>the models are still being cross-validated</source>
        <translation>die Modelle werden noch kreuzvalidiert</translation>
    </message>
    <message>
        <source>the view has nothing to show yet</source>
        <translation>die Ansicht hat noch nichts zu zeigen</translation>
    </message>
    <message>
        <source>%1: cannot write (%2)</source>
        <translation>%1: kann nicht geschrieben werden (%2)</translation>
    </message>
</context>
<context>
    <name>ParamText</name>
    <message>
        <source>maximum terms of the forward pass, intercept included; 0 = auto: min(200, max(20, 2 x predictor columns)) + 1</source>
        <translation>höchstens so viele Terme im Vorwärtsschritt, Achsenabschnitt eingeschlossen; 0 = automatisch: min(200, max(20, 2 x Prädiktorspalten)) + 1</translation>
    </message>
    <message>
        <source>forward pass stops when a step raises R-squared by less than this</source>
        <translation>der Vorwärtsschritt endet, wenn ein Schritt R-Quadrat um weniger als diesen Wert erhöht</translation>
    </message>
    <message>
        <source>maximum terms kept by pruning, intercept included (more than the forward pass keeps the lowest-GCV size)</source>
        <translation>höchstens so viele Terme nach dem Beschneiden, Achsenabschnitt eingeschlossen (mehr als der Vorwärtsschritt: die Größe mit dem kleinsten GCV)</translation>
    </message>
    <message>
        <source>smallest node that is still split; children keep round(minsplit/3) rows</source>
        <translation>kleinster Knoten, der noch geteilt wird; Kinder behalten round(minsplit/3) Zeilen</translation>
    </message>
    <message>
        <source>smallest node that is still split; children keep round(minsplit/3) rows (the paper&apos;s Nmin)</source>
        <translation>kleinster Knoten, der noch geteilt wird; Kinder behalten round(minsplit/3) Zeilen (Nmin im Paper)</translation>
    </message>
    <message>
        <source>complexity parameter: each split must lower the residual sum of squares by more than cp x the root&apos;s</source>
        <translation>Komplexitätsparameter: jede Teilung muss die Residuenquadratsumme um mehr als cp x die der Wurzel senken</translation>
    </message>
    <message>
        <source>share of the trees kept, the lowest training errors first</source>
        <translation>Anteil der behaltenen Bäume, die mit dem kleinsten Trainingsfehler zuerst</translation>
    </message>
    <message>
        <source>columns tried per split (0: max(floor(p/3), 1))</source>
        <translation>je Teilung versuchte Spalten (0: max(floor(p/3), 1))</translation>
    </message>
    <message>
        <source>nodes with at most this many rows are leaves</source>
        <translation>Knoten mit höchstens so vielen Zeilen sind Blätter</translation>
    </message>
    <message>
        <source>largest number of rules per committee member</source>
        <translation>größte Zahl von Regeln je Komiteemitglied</translation>
    </message>
    <message>
        <source>committee members, each correcting the previous one&apos;s errors</source>
        <translation>Komiteemitglieder, jedes korrigiert die Fehler des vorigen</translation>
    </message>
    <message>
        <source>nearest training cases that correct each prediction (0 = none)</source>
        <translation>nächste Trainingsfälle, die jede Vorhersage korrigieren (0 = keine)</translation>
    </message>
    <message>
        <source>mixing: 1 = lasso (L1), 0 = ridge (L2)</source>
        <translation>Mischung: 1 = Lasso (L1), 0 = Ridge (L2)</translation>
    </message>
    <message>
        <source>design: 1 = main effects, 2 = plus pairwise products</source>
        <translation>Design: 1 = Haupteffekte, 2 = dazu paarweise Produkte</translation>
    </message>
</context>
<context>
    <name>PlotExport</name>
    <message>
        <source>%1: unknown picture format (use .png, .svg or .pdf)</source>
        <translation>%1: unbekanntes Bildformat (.png, .svg oder .pdf verwenden)</translation>
    </message>
    <message>
        <source>%1: cannot write (%2)</source>
        <translation>%1: kann nicht geschrieben werden (%2)</translation>
    </message>
</context>
<context>
    <name>PlotExportMenu</name>
    <message>
        <source>PNG size</source>
        <translation>PNG-Größe</translation>
    </message>
    <message>
        <source> px</source>
        <translation> px</translation>
    </message>
    <message>
        <source> ×</source>
        <translation> ×</translation>
    </message>
    <message>
        <source>&amp;Width:</source>
        <translation>&amp;Breite:</translation>
    </message>
    <message>
        <source>&amp;Height:</source>
        <translation>&amp;Höhe:</translation>
    </message>
    <message>
        <source>&amp;Scale (DPI):</source>
        <translation>&amp;Skalierung (DPI):</translation>
    </message>
    <message>
        <source>Save picture</source>
        <translation>Bild speichern</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)</source>
        <translation>PNG-Bild (*.png);;SVG-Zeichnung (*.svg);;PDF-Dokument (*.pdf)</translation>
    </message>
    <message>
        <source>Save plot data</source>
        <translation>Plotdaten speichern</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV-Dateien (*.csv)</translation>
    </message>
    <message>
        <source>Save &amp;picture (PNG, SVG, PDF)…</source>
        <translation>&amp;Bild speichern (PNG, SVG, PDF)…</translation>
    </message>
    <message>
        <source>&amp;Copy picture</source>
        <translation>Bild &amp;kopieren</translation>
    </message>
    <message>
        <source>Save &amp;data as CSV…</source>
        <translation>&amp;Daten als CSV speichern…</translation>
    </message>
</context>
<context>
    <name>PresentationScreenshot</name>
    <message>
        <source>%1: cannot write (%2)</source>
        <translation>%1: kann nicht geschrieben werden (%2)</translation>
    </message>
    <message>
        <source>Save presentation screenshot (2x)</source>
        <translation>Präsentations-Bildschirmfoto speichern (2x)</translation>
    </message>
    <message>
        <source>PNG pictures (*.png)</source>
        <translation>PNG-Bilder (*.png)</translation>
    </message>
    <message>
        <source>Cannot save the screenshot</source>
        <translation>Das Bildschirmfoto kann nicht gespeichert werden</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Runs with node metrics (TARGET/.iolens/lowlevel)</source>
        <translation>Läufe mit Knotenmetriken (ZIEL/.iolens/lowlevel)</translation>
    </message>
</context>
<context>
    <name>ScenarioComparison</name>
    <message>
        <source>measured</source>
        <translation>gemessen</translation>
    </message>
</context>
<context>
    <name>VmTrainingPlan</name>
    <message>
        <source>%1 (1 VM, projected)</source>
        <translation>%1 (1 VM, projiziert)</translation>
    </message>
    <message>
        <source>%1
1&#xa0;VM→N</source>
        <translation>%1
1&#xa0;VM→N</translation>
    </message>
    <message>
        <source>Trained and cross-validated on the one-VM measurements only. For N VMs, each running threads / N on file set / N, it predicts all their threads on all their files at once, on the storage they share: response times are the VMs&apos;, throughput and IOPS all of theirs (ICPE&apos;13 section 6.3).</source>
        <translation>Nur auf den Ein-VM-Messungen trainiert und kreuzvalidiert. Für N VMs, die je Threads / N auf Dateimenge / N ausführen, sagt es alle ihre Threads auf allen ihren Dateien zugleich vorher, auf dem Speicher, den sie teilen: die Antwortzeiten sind die der VMs, Durchsatz und IOPS die aller zusammen (ICPE&apos;13, Abschnitt 6.3).</translation>
    </message>
    <message>
        <source>Trained on every measurement: it learns the VM count as a factor and predicts N VMs directly.</source>
        <translation>Auf allen Messungen trainiert: es lernt die VM-Anzahl als Faktor und sagt N VMs direkt vorher.</translation>
    </message>
</context>
<context>
    <name>WidgetPicture</name>
    <message>
        <source>%1: unknown picture format (use .png, .svg or .pdf)</source>
        <translation>%1: unbekanntes Bildformat (.png, .svg oder .pdf verwenden)</translation>
    </message>
    <message>
        <source>%1: cannot write (%2)</source>
        <translation>%1: kann nicht geschrieben werden (%2)</translation>
    </message>
</context>
<context>
    <name>iolens::ui::ApplicationPanel</name>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Open a definition…</source>
        <translation>Definition öffnen…</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>Application</source>
        <translation>Anwendung</translation>
    </message>
    <message>
        <source>Storage model</source>
        <translation>Speichermodell</translation>
    </message>
    <message>
        <source>Clients up to</source>
        <translation>Clients bis</translation>
    </message>
    <message>
        <source>Think time</source>
        <translation>Denkzeit</translation>
    </message>
    <message>
        <source>SLA: response time ≤</source>
        <translation>SLA: Antwortzeit ≤</translation>
    </message>
    <message>
        <source>Application simulation</source>
        <translation>Anwendungssimulation</translation>
    </message>
    <message>
        <source>Simulation cancelled; change a control to simulate again.</source>
        <translation>Simulation abgebrochen; ändern Sie eine Einstellung, um erneut zu simulieren.</translation>
    </message>
    <message>
        <source>constant 1 ms per request</source>
        <translation>konstant 1 ms pro Anfrage</translation>
    </message>
    <message>
        <source>Open an application definition</source>
        <translation>Anwendungsdefinition öffnen</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>Open a database to simulate on its models.</source>
        <translation>Öffnen Sie eine Datenbank, um auf ihren Modellen zu simulieren.</translation>
    </message>
    <message>
        <source>The storage is asked about the scenario: %1; the read share and the requests in service come from the application&apos;s last %2 requests, each request&apos;s size and pattern from itself.</source>
        <translation>Der Speicher wird zum Szenario befragt: %1; Leseanteil und laufende Anfragen stammen aus den letzten %2 Anfragen der Anwendung, Größe und Muster jeder Anfrage aus ihr selbst.</translation>
    </message>
    <message>
        <source>Set an SLA limit to see how many clients keep it.</source>
        <translation>Setzen Sie ein SLA-Limit, um zu sehen, wie viele Clients es einhalten.</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%1 auf %2</translation>
    </message>
    <message>
        <source>%1 per loop (%2, %3) · think time %4 ms · 99 % confidence intervals · %5</source>
        <translation>%1 pro Schleife (%2, %3) · Denkzeit %4 ms · 99-%-Konfidenzintervalle · %5</translation>
    </message>
    <message>
        <source>1 operation</source>
        <translation>1 Operation</translation>
    </message>
    <message>
        <source>%1 operations</source>
        <translation>%1 Operationen</translation>
    </message>
    <message>
        <source>1 read</source>
        <translation>1 Lesezugriff</translation>
    </message>
    <message>
        <source>%1 reads</source>
        <translation>%1 Lesezugriffe</translation>
    </message>
    <message>
        <source>1 write</source>
        <translation>1 Schreibzugriff</translation>
    </message>
    <message>
        <source>%1 writes</source>
        <translation>%1 Schreibzugriffe</translation>
    </message>
    <message>
        <source>1 measured run</source>
        <translation>1 gemessener Lauf</translation>
    </message>
    <message>
        <source>%1 measured runs</source>
        <translation>%1 gemessene Läufe</translation>
    </message>
    <message>
        <source>The limit is broken already at %1.</source>
        <translation>Das Limit wird schon bei %1 überschritten.</translation>
    </message>
    <message>
        <source>1 client</source>
        <translation>1 Client</translation>
    </message>
    <message>
        <source>%1 clients</source>
        <translation>%1 Clients</translation>
    </message>
    <message>
        <source>The loop&apos;s response time stays within %1 ms for %2 %3.</source>
        <translation>Die Antwortzeit der Schleife bleibt für %2 %3 innerhalb von %1 ms.</translation>
    </message>
    <message>
        <source>at least</source>
        <translation>mindestens</translation>
    </message>
    <message>
        <source>up to</source>
        <translation>bis zu</translation>
    </message>
</context>
<context>
    <name>iolens::ui::ApplicationPlot</name>
    <message>
        <source>Clients</source>
        <translation>Clients</translation>
    </message>
    <message>
        <source>Response time per loop (ms)</source>
        <translation>Antwortzeit pro Schleife (ms)</translation>
    </message>
    <message>
        <source>Throughput (loops/s)</source>
        <translation>Durchsatz (Schleifen/s)</translation>
    </message>
    <message>
        <source>Response time, simulated</source>
        <translation>Antwortzeit, simuliert</translation>
    </message>
    <message>
        <source>Throughput, simulated</source>
        <translation>Durchsatz, simuliert</translation>
    </message>
    <message>
        <source>Response time, measured</source>
        <translation>Antwortzeit, gemessen</translation>
    </message>
    <message>
        <source>Throughput, measured</source>
        <translation>Durchsatz, gemessen</translation>
    </message>
    <message>
        <source>at least</source>
        <translation>mindestens</translation>
    </message>
    <message>
        <source>up to</source>
        <translation>bis zu</translation>
    </message>
    <message>
        <source>Application simulation</source>
        <translation>Anwendungssimulation</translation>
    </message>
    <message>
        <source>Simulating…</source>
        <translation>Simuliere…</translation>
    </message>
    <message>
        <source>RT per loop (ms)</source>
        <translation>AZ pro Schleife (ms)</translation>
    </message>
    <message>
        <source>loops/s</source>
        <translation>Schleifen/s</translation>
    </message>
    <message>
        <source>SLA %1 ms: broken at %2</source>
        <translation>SLA %1 ms: überschritten bei %2</translation>
    </message>
    <message>
        <source>1 client</source>
        <translation>1 Client</translation>
    </message>
    <message>
        <source>%1 clients</source>
        <translation>%1 Clients</translation>
    </message>
    <message>
        <source>SLA %1 ms: %2 %3</source>
        <translation>SLA %1 ms: %2 %3</translation>
    </message>
</context>
<context>
    <name>iolens::ui::CapacityPanel</name>
    <message>
        <source>%1 writes</source>
        <translation>%1 Schreibzugriffe</translation>
    </message>
    <message>
        <source>no answer: %1</source>
        <translation>keine Antwort: %1</translation>
    </message>
    <message>
        <source>✗ %1 broken now</source>
        <translation>✗ %1 schon jetzt verletzt</translation>
    </message>
    <message>
        <source>≥ %1 · %2 margin</source>
        <translation>≥ %1 · %2 Reserve</translation>
    </message>
    <message>
        <source>up to %1 · %2 margin · then %3</source>
        <translation>bis %1 · %2 Reserve · dann %3</translation>
    </message>
    <message>
        <source>Limits (service level):</source>
        <translation>Grenzwerte (Service-Level):</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>More VMs</source>
        <translation>Mehr VMs</translation>
    </message>
    <message>
        <source>Larger file set</source>
        <translation>Größere Dateimenge</translation>
    </message>
    <message>
        <source>More writes</source>
        <translation>Mehr Schreibzugriffe</translation>
    </message>
    <message>
        <source>Tick a limit to see, per model, how far the scenario can grow before it breaks.</source>
        <translation>Einen Grenzwert ankreuzen, um je Modell zu sehen, wie weit das Szenario wachsen kann, bevor er verletzt wird.</translation>
    </message>
    <message>
        <source>From the scenario, each factor grows on its own (the others stay) until the first point where a model predicts a broken limit; the margin is how far inside the tightest limit the largest value stays.</source>
        <translation>Vom Szenario aus wächst jeder Faktor für sich (die anderen bleiben), bis zum ersten Punkt, an dem ein Modell einen verletzten Grenzwert vorhersagt; die Reserve gibt an, wie weit der größte Wert innerhalb des knappsten Grenzwerts bleibt.</translation>
    </message>
    <message>
        <source>training…</source>
        <translation>wird trainiert…</translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation>%1 MiB</translation>
    </message>
    <message>
        <source>More threads</source>
        <translation>Mehr Threads</translation>
    </message>
    <message>
        <source>≥ %1 · no limit applies there</source>
        <translation>≥ %1 · dort gilt keine Grenze</translation>
    </message>
</context>
<context>
    <name>iolens::ui::ConservationPlot</name>
    <message>
        <source>Conservation check (Ra and Lee)</source>
        <translation>Prüfung der Kapazitätserhaltung (Ra und Lee)</translation>
    </message>
    <message>
        <source>Read share (%)</source>
        <translation>Leseanteil (%)</translation>
    </message>
    <message>
        <source>C / T100r (1: capacity conserved)</source>
        <translation>C / T100r (1: Kapazität erhalten)</translation>
    </message>
    <message>
        <source>Request size</source>
        <translation>Anfragegröße</translation>
    </message>
    <message>
        <source>f_rw = T100r / T100w (reads per write)</source>
        <translation>f_rw = T100r / T100w (Lesezugriffe je Schreibzugriff)</translation>
    </message>
    <message>
        <source>Error of the total IOPS (%)</source>
        <translation>Fehler der gesamten IOPS (%)</translation>
    </message>
    <message>
        <source>conserved capacity (C = T100r)</source>
        <translation>erhaltene Kapazität (C = T100r)</translation>
    </message>
    <message>
        <source>f_rw of a system configuration</source>
        <translation>f_rw einer Systemkonfiguration</translation>
    </message>
    <message>
        <source>median f_rw</source>
        <translation>Median von f_rw</translation>
    </message>
    <message>
        <source>%1 read/write mixes against %2 pure measurements: mean |C / T100r − 1| %3, mean estimation error %4</source>
        <translation>%1 Lese-/Schreibmischungen gegen %2 reine Messungen: mittleres |C / T100r − 1| %3, mittlerer Schätzfehler %4</translation>
    </message>
    <message>
        <source> (%1 mixes left out: no 100 % read or write measurement of their size)</source>
        <translation> (%1 Mischungen ausgelassen: keine Messung mit 100 % Lesen oder Schreiben ihrer Größe)</translation>
    </message>
    <message>
        <source>C / T100r</source>
        <translation>C / T100r</translation>
    </message>
    <message>
        <source>f_rw</source>
        <translation>f_rw</translation>
    </message>
    <message>
        <source>IOPS error (%)</source>
        <translation>IOPS-Fehler (%)</translation>
    </message>
    <message>
        <source>Capacity of each mix against pure reads (Fig. 2a)</source>
        <translation>Kapazität jeder Mischung gegenüber reinen Lesezugriffen (Abb. 2a)</translation>
    </message>
    <message>
        <source>Reads that one write costs (Fig. 3)</source>
        <translation>Lesezugriffe, die ein Schreibzugriff kostet (Abb. 3)</translation>
    </message>
    <message>
        <source>Error of the estimated IOPS (Fig. 2b/c)</source>
        <translation>Fehler der geschätzten IOPS (Abb. 2b/c)</translation>
    </message>
</context>
<context>
    <name>iolens::ui::ConservationView</name>
    <message>
        <source>Conservation check</source>
        <translation>Prüfung der Kapazitätserhaltung</translation>
    </message>
    <message>
        <source>100 % read and 100 % write per request size</source>
        <translation>100 % Lesen und 100 % Schreiben je Anfragegröße</translation>
    </message>
    <message>
        <source>conservation (Ra and Lee)</source>
        <translation>Erhaltungsmodell (Ra und Lee)</translation>
    </message>
    <message>
        <source>Open a measurement database to check the conservation hypothesis.</source>
        <translation>Öffnen Sie eine Messdatenbank, um die Erhaltungshypothese zu prüfen.</translation>
    </message>
    <message>
        <source>The conservation model needs, for at least one request size, a 100 % read and a 100 % write measurement of the same system configuration; this dataset has none.

%1</source>
        <translation>Das Erhaltungsmodell braucht für mindestens eine Anfragegröße eine Messung mit 100 % Lesen und eine mit 100 % Schreiben derselben Systemkonfiguration; dieser Datensatz hat keine.

%1</translation>
    </message>
    <message>
        <source>The dataset has 100 % read and 100 % write measurements but no read/write mix of the same request size and system configuration to check them against.</source>
        <translation>Der Datensatz hat Messungen mit 100 % Lesen und 100 % Schreiben, aber keine Lese-/Schreibmischung derselben Anfragegröße und Systemkonfiguration, an der sie sich prüfen ließen.</translation>
    </message>
</context>
<context>
    <name>iolens::ui::DocumentController</name>
    <message>
        <source>Cannot open database</source>
        <translation>Datenbank kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>Cannot open example</source>
        <translation>Beispiel kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>Cannot save database</source>
        <translation>Datenbank kann nicht gespeichert werden</translation>
    </message>
    <message>
        <source>Cannot read dataset</source>
        <translation>Datensatz kann nicht gelesen werden</translation>
    </message>
    <message>
        <source>Cannot export model</source>
        <translation>Modell kann nicht exportiert werden</translation>
    </message>
    <message>
        <source>Cannot import model</source>
        <translation>Modell kann nicht importiert werden</translation>
    </message>
    <message>
        <source>Cannot rename dataset</source>
        <translation>Datensatz kann nicht umbenannt werden</translation>
    </message>
    <message>
        <source>Cannot delete dataset</source>
        <translation>Datensatz kann nicht gelöscht werden</translation>
    </message>
    <message>
        <source>Cannot export dataset</source>
        <translation>Datensatz kann nicht exportiert werden</translation>
    </message>
</context>
<context>
    <name>iolens::ui::ErrorCdfPage</name>
    <message>
        <source>interpolation: inner request sizes left out of training</source>
        <translation>Interpolation: innere Anfragegrößen nicht trainiert</translation>
    </message>
    <message>
        <source>extrapolation: the largest request size left out of training</source>
        <translation>Extrapolation: größte Anfragegröße nicht trainiert</translation>
    </message>
    <message>
        <source>%1-fold cross-validation</source>
        <translation>%1-fache Kreuzvalidierung</translation>
    </message>
    <message>
        <source>&amp;Scenario:</source>
        <translation>&amp;Szenario:</translation>
    </message>
    <message>
        <source>multi-VM: one-VM models predict the 2+ VM measurements</source>
        <translation>Multi-VM: Ein-VM-Modelle sagen die Messungen mit 2+ VMs vorher</translation>
    </message>
    <message>
        <source>rule…</source>
        <translation>Regel…</translation>
    </message>
    <message>
        <source>grouped: each request size, file set and read share left out in turn</source>
        <translation>Gruppiert: jede Anfragegröße, Dateimenge und jeder Leseanteil reihum nicht trainiert</translation>
    </message>
    <message>
        <source>&amp;Local: only the</source>
        <translation>&amp;Lokal: nur die</translation>
    </message>
    <message>
        <source>measurements nearest the scenario</source>
        <translation>dem Szenario nächsten Messungen</translation>
    </message>
    <message>
        <source>e.g. request_kib&gt;32</source>
        <translation>z. B. request_kib&gt;32</translation>
    </message>
    <message>
        <source>The measurements to predict, as iolens-cli evaluate --scenario reads them: comparisons of scheduler, fileset_mib, request_kib, pattern, read_pct, threads or vms joined by commas, or split=NAME. Every model is refitted on the other measurements. Press Enter to apply.</source>
        <translation>Die vorherzusagenden Messungen, wie iolens-cli evaluate --scenario sie liest: Vergleiche von scheduler, fileset_mib, request_kib, pattern, read_pct, threads oder vms, durch Kommas verbunden, oder split=NAME. Jedes Modell wird auf den übrigen Messungen neu angepasst. Mit der Eingabetaste anwenden.</translation>
    </message>
    <message>
        <source>Restrict every curve to the measurements of the scenario shown that are nearest the current scenario (in steps: one per doubling of a size or count, read share / 100, one per other scheduler or pattern): how accurate the models are here, not on average.</source>
        <translation>Jede Kurve auf die Messungen des gezeigten Szenarios beschränken, die dem aktuellen Szenario am nächsten liegen (in Schritten: einer je Verdopplung einer Größe oder Anzahl, Leseanteil / 100, einer je anderem Scheduler oder Muster): wie genau die Modelle hier sind, nicht im Mittel.</translation>
    </message>
    <message>
        <source>Models refitted on the one-VM measurements predict those with 2 or more VMs (ICPE&apos;13 section 6.3).</source>
        <translation>Auf den Ein-VM-Messungen neu angepasste Modelle sagen die Messungen mit 2 oder mehr VMs vorher (ICPE&apos;13, Abschnitt 6.3).</translation>
    </message>
    <message>
        <source>The data has no measurements with 2 or more VMs (and some with one) to predict.</source>
        <translation>Die Daten enthalten keine Messungen mit 2 oder mehr VMs (neben solchen mit einer), die vorherzusagen wären.</translation>
    </message>
    <message>
        <source>rule %1: the measurements it picks left out of training</source>
        <translation>Regel %1: die ausgewählten Messungen beim Training ausgelassen</translation>
    </message>
    <message numerus="yes">
        <source>%1, the %n measurements nearest the scenario</source>
        <translation>
            <numerusform>%1, die dem Szenario nächste Messung</numerusform>
            <numerusform>%1, die %n dem Szenario nächsten Messungen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>iolens::ui::ErrorCdfTable</name>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p90</source>
        <translation>p90</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>Mittel</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>Half of the configurations have a smaller relative error</source>
        <translation>Die Hälfte der Konfigurationen hat einen kleineren relativen Fehler</translation>
    </message>
    <message>
        <source>90 % of the configurations have a smaller relative error</source>
        <translation>90 % der Konfigurationen haben einen kleineren relativen Fehler</translation>
    </message>
    <message>
        <source>99 % of the configurations have a smaller relative error</source>
        <translation>99 % der Konfigurationen haben einen kleineren relativen Fehler</translation>
    </message>
    <message>
        <source>Mean relative error</source>
        <translation>Mittlerer relativer Fehler</translation>
    </message>
    <message>
        <source>Configurations evaluated</source>
        <translation>Ausgewertete Konfigurationen</translation>
    </message>
</context>
<context>
    <name>iolens::ui::ErrorCdfView</name>
    <message>
        <source>&amp;Metric:</source>
        <translation>&amp;Metrik:</translation>
    </message>
    <message>
        <source>Relative error (%)</source>
        <translation>Relativer Fehler (%)</translation>
    </message>
    <message>
        <source>Share of configurations (%)</source>
        <translation>Anteil der Konfigurationen (%)</translation>
    </message>
    <message>
        <source>Click a model in the legend to hide or show its curve.</source>
        <translation>Ein Klick auf ein Modell in der Legende blendet seine Kurve aus oder ein.</translation>
    </message>
    <message>
        <source>No evaluated models for this metric yet.</source>
        <translation>Noch keine bewerteten Modelle für diese Metrik.</translation>
    </message>
    <message>
        <source>%1: relative error of the predictions</source>
        <translation>%1: relativer Fehler der Vorhersagen</translation>
    </message>
    <message>
        <source>Error CDF: %1</source>
        <translation>Fehler-CDF: %1</translation>
    </message>
    <message>
        <source>Share (%)</source>
        <translation>Anteil (%)</translation>
    </message>
</context>
<context>
    <name>iolens::ui::EvaluationText</name>
    <message>
        <source>%1: p50 %2, p90 %3, p99 %4</source>
        <translation>%1: p50 %2, p90 %3, p99 %4</translation>
    </message>
    <message>
        <source>read metrics where the read share is at least %1, write metrics where it is at most %2</source>
        <translation>Lese-Metriken, wo der Leseanteil mindestens %1 beträgt, Schreib-Metriken, wo er höchstens %2 beträgt</translation>
    </message>
</context>
<context>
    <name>iolens::ui::FioImportDialog</name>
    <message>
        <source>Skip the refused files and import the others</source>
        <translation>Abgelehnte Dateien überspringen und die übrigen importieren</translation>
    </message>
    <message>
        <source>&amp;Import</source>
        <translation>&amp;Importieren</translation>
    </message>
    <message>
        <source>Import fio results</source>
        <translation>fio-Ergebnisse importieren</translation>
    </message>
    <message>
        <source>Scheduler where the file name does not say it:</source>
        <translation>Scheduler, wo der Dateiname ihn nicht nennt:</translation>
    </message>
    <message>
        <source>Dataset:</source>
        <translation>Datensatz:</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>Scheduler</source>
        <translation>Scheduler</translation>
    </message>
    <message>
        <source>Request</source>
        <translation>Anfrage</translation>
    </message>
    <message>
        <source>Pattern</source>
        <translation>Muster</translation>
    </message>
    <message>
        <source>Read %</source>
        <translation>Lese-%</translation>
    </message>
    <message>
        <source>File set</source>
        <translation>Dateimenge</translation>
    </message>
    <message>
        <source>Threads</source>
        <translation>Threads</translation>
    </message>
    <message>
        <source>%1 (chosen)</source>
        <translation>%1 (gewählt)</translation>
    </message>
    <message>
        <source>Choose the scheduler for the files whose names lack it.</source>
        <translation>Wählen Sie den Scheduler für die Dateien, deren Namen ihn nicht nennen.</translation>
    </message>
    <message>
        <source>Nothing imported: %1</source>
        <translation>Nichts importiert: %1</translation>
    </message>
    <message>
        <source>refused, see below</source>
        <translation>abgelehnt, siehe unten</translation>
    </message>
    <message>
        <source>%1 runs to import, %2 refused.</source>
        <translation>%1 Läufe zu importieren, %2 abgelehnt.</translation>
    </message>
    <message>
        <source>Each file is one fio run, or one VM&apos;s share of a run over VMs (those become one run); its configuration as fio&apos;s job options give it:</source>
        <translation>Jede Datei ist ein fio-Lauf oder der Anteil einer VM an einem Lauf über mehrere VMs (diese werden ein Lauf); seine Konfiguration, wie fios Job-Optionen sie angeben:</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>VM</source>
        <translation>VM</translation>
    </message>
    <message>
        <source>all</source>
        <translation>alle</translation>
    </message>
    <message>
        <source>%1 runs to import from %2 files (a run over VMs has a file per VM), %3 refused.</source>
        <translation>%1 Läufe aus %2 Dateien zu importieren (ein Lauf über VMs hat eine Datei je VM), %3 abgelehnt.</translation>
    </message>
    <message>
        <source>e.g. 512 GiB, for fio on a whole device</source>
        <translation>z. B. 512 GiB, für fio auf einem ganzen Gerät</translation>
    </message>
    <message>
        <source>File set where fio&apos;s options do not give it:</source>
        <translation>Dateimenge, wo fios Optionen sie nicht angeben:</translation>
    </message>
    <message>
        <source>Not one experiment: %1</source>
        <translation>Nicht ein Experiment: %1</translation>
    </message>
</context>
<context>
    <name>iolens::ui::ImportDialog</name>
    <message>
        <source>Skip the refused rows and import the others</source>
        <translation>Abgelehnte Zeilen überspringen und die übrigen importieren</translation>
    </message>
    <message>
        <source>&amp;Import</source>
        <translation>&amp;Importieren</translation>
    </message>
    <message>
        <source>Import measurements from %1</source>
        <translation>Messungen aus %1 importieren</translation>
    </message>
    <message>
        <source>Which iolens field each column of the file gives, and in which unit (a first guess from the column names):</source>
        <translation>Welches iolens-Feld jede Spalte der Datei liefert und in welcher Einheit (ein erster Vorschlag aus den Spaltennamen):</translation>
    </message>
    <message>
        <source>Column</source>
        <translation>Spalte</translation>
    </message>
    <message>
        <source>iolens field</source>
        <translation>iolens-Feld</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>Einheit</translation>
    </message>
    <message>
        <source>from a column</source>
        <translation>aus einer Spalte</translation>
    </message>
    <message>
        <source>%1 for every row:</source>
        <translation>%1 für jede Zeile:</translation>
    </message>
    <message>
        <source>Dataset:</source>
        <translation>Datensatz:</translation>
    </message>
    <message>
        <source>&amp;Load mapping…</source>
        <translation>Zuordnung &amp;laden…</translation>
    </message>
    <message>
        <source>&amp;Save mapping…</source>
        <translation>Zuordnung &amp;speichern…</translation>
    </message>
    <message>
        <source>Load column mapping</source>
        <translation>Spaltenzuordnung laden</translation>
    </message>
    <message>
        <source>Column mappings (*.json)</source>
        <translation>Spaltenzuordnungen (*.json)</translation>
    </message>
    <message>
        <source>Save column mapping</source>
        <translation>Spaltenzuordnung speichern</translation>
    </message>
    <message>
        <source>First value: %1</source>
        <translation>Erster Wert: %1</translation>
    </message>
    <message>
        <source>(not imported)</source>
        <translation>(nicht importiert)</translation>
    </message>
    <message>
        <source>the mapping</source>
        <translation>die Zuordnung</translation>
    </message>
    <message>
        <source>%1 rows to import, %2 refused.</source>
        <translation>%1 Zeilen zu importieren, %2 abgelehnt.</translation>
    </message>
    <message>
        <source>Nothing can be imported yet: %1</source>
        <translation>Noch lässt sich nichts importieren: %1</translation>
    </message>
    <message>
        <source>Cannot load the mapping: %1</source>
        <translation>Die Zuordnung lässt sich nicht laden: %1</translation>
    </message>
    <message>
        <source>Cannot save the mapping: %1</source>
        <translation>Die Zuordnung lässt sich nicht speichern: %1</translation>
    </message>
    <message>
        <source>Nothing imported: %1</source>
        <translation>Nichts importiert: %1</translation>
    </message>
    <message>
        <source>Cannot create database</source>
        <translation>Datenbank kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>%1: cannot replace the existing file</source>
        <translation>%1: Die vorhandene Datei lässt sich nicht ersetzen</translation>
    </message>
    <message>
        <source>New measurement database</source>
        <translation>Neue Messdatenbank</translation>
    </message>
    <message>
        <source>iolens databases (*.sqlite *.db *.iolens);;All files (*)</source>
        <translation>iolens-Datenbanken (*.sqlite *.db *.iolens);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Import measurements</source>
        <translation>Messungen importieren</translation>
    </message>
    <message>
        <source>Database for the measurements</source>
        <translation>Datenbank für die Messungen</translation>
    </message>
    <message>
        <source>The first rows of the file, as they are:</source>
        <translation>Die ersten Zeilen der Datei, unverändert:</translation>
    </message>
    <message>
        <source>Nothing to import</source>
        <translation>Nichts zu importieren</translation>
    </message>
    <message>
        <source>%1: no CSV or fio JSON file</source>
        <translation>%1: keine CSV- oder fio-JSON-Datei</translation>
    </message>
    <message>
        <source>CSV files and fio results (*.csv *.txt *.json);;All files (*)</source>
        <translation>CSV-Dateien und fio-Ergebnisse (*.csv *.txt *.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Import a folder of fio results</source>
        <translation>Ordner mit fio-Ergebnissen importieren</translation>
    </message>
</context>
<context>
    <name>iolens::ui::InsideOutAccuracyDialog</name>
    <message>
        <source>Inside-Out accuracy — %1</source>
        <translation>Inside-Out-Genauigkeit — %1</translation>
    </message>
</context>
<context>
    <name>iolens::ui::InsideOutDensityView</name>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>accuracy max(1 − MAPE, 0)</source>
        <translation>Genauigkeit max(1 − MAPE, 0)</translation>
    </message>
    <message>
        <source>density</source>
        <translation>Dichte</translation>
    </message>
    <message>
        <source>Inside-Out accuracy across runs</source>
        <translation>Inside-Out-Genauigkeit über die Läufe</translation>
    </message>
    <message>
        <source>Inside-Out accuracy density</source>
        <translation>Dichte der Inside-Out-Genauigkeit</translation>
    </message>
    <message>
        <source>Scoring runs in %1: %2 of %3 done…</source>
        <translation>Bewerte Läufe in %1: %2 von %3 fertig…</translation>
    </message>
    <message>
        <source>Scoring runs in %1…</source>
        <translation>Bewerte Läufe in %1…</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Abgebrochen.</translation>
    </message>
    <message>
        <source>Stopped: %1</source>
        <translation>Angehalten: %1</translation>
    </message>
    <message>
        <source>Cancelled: only the runs scored so far are shown.</source>
        <translation>Abgebrochen: nur die bisher bewerteten Läufe werden gezeigt.</translation>
    </message>
    <message>
        <source>Ignored %1.</source>
        <translation>Ignoriert: %1.</translation>
    </message>
    <message>
        <source>%1 (mean %2)</source>
        <translation>%1 (Mittel %2)</translation>
    </message>
    <message>
        <source>%1 runs</source>
        <translation>%1 Läufe</translation>
    </message>
    <message>
        <source>%1 runs scored (%2 skipped) · accuracy by %3-fold cross-validation within each run · Gaussian kernel, Silverman&apos;s bandwidth · ticks: the runs</source>
        <translation>%1 Läufe bewertet (%2 übersprungen) · Genauigkeit aus %3-facher Kreuzvalidierung je Lauf · Gauß-Kern, Bandbreite nach Silverman · Striche: die Läufe</translation>
    </message>
    <message>
        <source>%1 runs scored, %2 skipped (too short or unusable); accuracy by k-fold cross-validation within each run; Gaussian kernel density, Silverman&apos;s bandwidth; ticks under the curves: the runs.</source>
        <translation>%1 Läufe bewertet, %2 übersprungen (zu kurz oder unbrauchbar); Genauigkeit aus k-facher Kreuzvalidierung je Lauf; Gauß-Kerndichte, Bandbreite nach Silverman; Striche unter den Kurven: die Läufe.</translation>
    </message>
    <message>
        <source>Skipped %1: %2.</source>
        <translation>Übersprungen %1: %2.</translation>
    </message>
    <message>
        <source>No run could be scored: nothing to draw.</source>
        <translation>Kein Lauf konnte bewertet werden: nichts zu zeichnen.</translation>
    </message>
</context>
<context>
    <name>iolens::ui::MainWindow</name>
    <message>
        <source>Profiler</source>
        <translation>Profiler</translation>
    </message>
    <message>
        <source>Measurements</source>
        <translation>Messungen</translation>
    </message>
    <message>
        <source>Open a measurement database or an example from the File menu.</source>
        <translation>Öffnen Sie eine Messdatenbank oder ein Beispiel über das Menü „Datei“.</translation>
    </message>
    <message>
        <source>Open measurement database</source>
        <translation>Messdatenbank öffnen</translation>
    </message>
    <message>
        <source>iolens databases (%1);;All files (*)</source>
        <translation>iolens-Datenbanken (%1);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Save a copy of the database</source>
        <translation>Kopie der Datenbank speichern</translation>
    </message>
    <message>
        <source>About iolens</source>
        <translation>Über iolens</translation>
    </message>
    <message>
        <source>%1 (read-only example)</source>
        <translation>%1 (schreibgeschütztes Beispiel)</translation>
    </message>
    <message>
        <source>%1 (read-only)</source>
        <translation>%1 (schreibgeschützt)</translation>
    </message>
    <message>
        <source>%1 — iolens</source>
        <translation>%1 — iolens</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>Modelle</translation>
    </message>
    <message>
        <source>Cross-validating them…</source>
        <translation>Sie werden kreuzvalidiert…</translation>
    </message>
    <message>
        <source>Cross-validation done: see Models.</source>
        <translation>Kreuzvalidierung fertig: siehe Modelle.</translation>
    </message>
    <message>
        <source>%1: %L2 runs of %L3 configurations.</source>
        <translation>%1: %L2 Läufe von %L3 Konfigurationen.</translation>
    </message>
    <message>
        <source>%1 of %2 models trained in %3 s.</source>
        <translation>%1 von %2 Modellen in %3 s trainiert.</translation>
    </message>
    <message>
        <source>Training %1 techniques…</source>
        <translation>%1 Verfahren werden trainiert…</translation>
    </message>
    <message>
        <source>Error CDF</source>
        <translation>Fehler-CDF</translation>
    </message>
    <message>
        <source>Parameter search</source>
        <translation>Parametersuche</translation>
    </message>
    <message>
        <source>%1 (optimized)</source>
        <translation>%1 (optimiert)</translation>
    </message>
    <message>
        <source>Conservation</source>
        <translation>Erhaltung</translation>
    </message>
    <message>
        <source>Scenarios</source>
        <translation>Szenarien</translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation>Kapazität</translation>
    </message>
    <message>
        <source>Predictions</source>
        <translation>Vorhersagen</translation>
    </message>
    <message>
        <source>%1: %2 runs so far, measuring…</source>
        <translation>%1: bisher %2 Läufe, es wird gemessen…</translation>
    </message>
    <message>
        <source>The language changes when iolens starts next.</source>
        <translation>Die Sprache wechselt beim nächsten Start von iolens.</translation>
    </message>
    <message>
        <source>Application</source>
        <translation>Anwendung</translation>
    </message>
    <message>
        <source>Trace</source>
        <translation>Trace</translation>
    </message>
    <message>
        <source>Import model</source>
        <translation>Modell importieren</translation>
    </message>
    <message>
        <source>%1 is read-only. Save a copy of it and import the model into the copy?</source>
        <translation>%1 ist schreibgeschützt. Eine Kopie speichern und das Modell in die Kopie importieren?</translation>
    </message>
    <message>
        <source>iolens model files (*.json);;All files (*)</source>
        <translation>iolens-Modelldateien (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Cannot export model</source>
        <translation>Modell kann nicht exportiert werden</translation>
    </message>
    <message>
        <source>Export model</source>
        <translation>Modell exportieren</translation>
    </message>
    <message>
        <source>%1 holds no stored model. Models come from iolens-cli train or optimize, from File &gt; Import model…, or from the Parameter search tab.</source>
        <translation>%1 enthält kein gespeichertes Modell. Modelle kommen aus iolens-cli train oder optimize, aus Datei &gt; Modell importieren… oder aus dem Reiter Parametersuche.</translation>
    </message>
    <message>
        <source>Stored model:</source>
        <translation>Gespeichertes Modell:</translation>
    </message>
    <message>
        <source>Model %1 written to %2.</source>
        <translation>Modell %1 nach %2 geschrieben.</translation>
    </message>
    <message>
        <source>Models trained on a seeded sample of %L1 of them.</source>
        <translation>Modelle auf einer reproduzierbaren Stichprobe von %L1 davon trainiert.</translation>
    </message>
    <message>
        <source>Search</source>
        <comment>a brief tab title of Parameter search</comment>
        <translation>Suche</translation>
    </message>
</context>
<context>
    <name>iolens::ui::MeasureDialog</name>
    <message>
        <source>Measure</source>
        <translation>Messen</translation>
    </message>
    <message>
        <source>Load plan…</source>
        <translation>Plan laden…</translation>
    </message>
    <message>
        <source>Save plan…</source>
        <translation>Plan speichern…</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Starten</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Database: %1</source>
        <translation>Datenbank: %1</translation>
    </message>
    <message>
        <source>%v of %m runs</source>
        <translation>%v von %m Läufen</translation>
    </message>
    <message>
        <source>Configurations: %1 × repetitions: %2 = runs: %3</source>
        <translation>Konfigurationen: %1 × Wiederholungen: %2 = Läufe: %3</translation>
    </message>
    <message>
        <source>, already stored: %1 (skipped)</source>
        <translation>, bereits gespeichert: %1 (übersprungen)</translation>
    </message>
    <message>
        <source>. Every run is stored: nothing to do.</source>
        <translation>. Alle Läufe sind gespeichert: nichts zu tun.</translation>
    </message>
    <message>
        <source>. Estimated time: %1 for runs: %2; file sets to write: %3.</source>
        <translation>. Geschätzte Zeit: %1 für Läufe: %2; zu schreibende Dateimengen: %3.</translation>
    </message>
    <message>
        <source>Scheduler: %1</source>
        <translation>Scheduler: %1</translation>
    </message>
    <message>
        <source>%1: the dialog edits full-factorial plans only; run this &quot;%2&quot; plan with iolens-cli measure</source>
        <translation>%1: der Dialog bearbeitet nur vollfaktorielle Pläne; diesen „%2“-Plan mit iolens-cli measure ausführen</translation>
    </message>
    <message>
        <source>Loaded %1</source>
        <translation>%1 geladen</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>%1 konnte nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <source>Load measurement plan</source>
        <translation>Messplan laden</translation>
    </message>
    <message>
        <source>Plans (*.json);;All files (*)</source>
        <translation>Pläne (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Save measurement plan</source>
        <translation>Messplan speichern</translation>
    </message>
    <message>
        <source>Measuring into dataset &quot;%1&quot; of %2</source>
        <translation>Messe in Datensatz „%1“ von %2</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Breche ab…</translation>
    </message>
    <message>
        <source>about %1 left</source>
        <translation>noch etwa %1</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Cancelled: %1 runs stored; run the plan again to resume.</source>
        <translation>Abgebrochen: %1 Läufe gespeichert; den Plan erneut starten, um fortzusetzen.</translation>
    </message>
    <message>
        <source>Done: %1 runs stored.</source>
        <translation>Fertig: %1 Läufe gespeichert.</translation>
    </message>
    <message>
        <source>Database for the measurements</source>
        <translation>Datenbank für die Messungen</translation>
    </message>
    <message>
        <source>iolens databases (*.sqlite *.db *.iolens);;All files (*)</source>
        <translation>iolens-Datenbanken (*.sqlite *.db *.iolens);;Alle Dateien (*)</translation>
    </message>
</context>
<context>
    <name>iolens::ui::MeasuredPredictedPlot</name>
    <message>
        <source>&amp;Model:</source>
        <translation>&amp;Modell:</translation>
    </message>
    <message>
        <source>M&amp;etric:</source>
        <translation>M&amp;etrik:</translation>
    </message>
    <message>
        <source>other configurations</source>
        <translation>andere Konfigurationen</translation>
    </message>
    <message>
        <source>in the table&apos;s filter</source>
        <translation>im Filter der Tabelle</translation>
    </message>
    <message>
        <source>selected</source>
        <translation>ausgewählt</translation>
    </message>
    <message>
        <source>Measured (%1)</source>
        <translation>Gemessen (%1)</translation>
    </message>
    <message>
        <source>Predicted (%1)</source>
        <translation>Vorhergesagt (%1)</translation>
    </message>
    <message>
        <source>No trained model for this metric yet.</source>
        <translation>Noch kein trainiertes Modell für diese Metrik.</translation>
    </message>
    <message>
        <source>No measured configuration in the filter.</source>
        <translation>Keine gemessene Konfiguration im Filter.</translation>
    </message>
    <message>
        <source>Mean relative error %1 over the %L2 configurations in the filter</source>
        <translation>Mittlerer relativer Fehler %1 über die %L2 Konfigurationen im Filter</translation>
    </message>
    <message>
        <source>(its fit to these runs; the Models tab scores held-out levels)</source>
        <translation>(seine Anpassung an diese Läufe; der Reiter Modelle bewertet zurückgehaltene Stufen)</translation>
    </message>
</context>
<context>
    <name>iolens::ui::MeasurementTableModel</name>
    <message>
        <source>random</source>
        <translation>zufällig</translation>
    </message>
    <message>
        <source>sequential</source>
        <translation>sequenziell</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>entfällt</translation>
    </message>
    <message>
        <source>%1 does not apply at %2 reads</source>
        <translation>%1 entfällt bei %2 Lesezugriffen</translation>
    </message>
    <message>
        <source>%1: a single run</source>
        <translation>%1: ein einzelner Lauf</translation>
    </message>
    <message>
        <source>%1: mean of %2 runs</source>
        <translation>%1: Mittelwert aus %2 Läufen</translation>
    </message>
    <message>
        <source>relative standard error %1</source>
        <translation>relativer Standardfehler %1</translation>
    </message>
    <message>
        <source>%1 in %2: mean over the runs ± relative standard error of the mean</source>
        <translation>%1 in %2: Mittelwert der Läufe ± relativer Standardfehler des Mittelwerts</translation>
    </message>
    <message>
        <source>Scheduler</source>
        <translation>Scheduler</translation>
    </message>
    <message>
        <source>Pattern</source>
        <translation>Muster</translation>
    </message>
    <message>
        <source>Request</source>
        <translation>Anfrage</translation>
    </message>
    <message>
        <source>File set</source>
        <translation>Dateimenge</translation>
    </message>
    <message>
        <source>Read</source>
        <translation>Lesen</translation>
    </message>
    <message>
        <source>Threads</source>
        <translation>Threads</translation>
    </message>
    <message>
        <source>VMs</source>
        <translation>VMs</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>Läufe</translation>
    </message>
    <message>
        <source>Split</source>
        <translation>Teilmenge</translation>
    </message>
    <message>
        <source>Every run has %1 on %2: the Threads and VMs columns are hidden.</source>
        <translation>Jeder Lauf hat %1 auf %2: die Spalten Threads und VMs sind ausgeblendet.</translation>
    </message>
    <message>
        <source>Every run has %1: the Threads column is hidden.</source>
        <translation>Jeder Lauf hat %1: die Spalte Threads ist ausgeblendet.</translation>
    </message>
    <message>
        <source>Every run has %1: the VMs column is hidden.</source>
        <translation>Jeder Lauf hat %1: die Spalte VMs ist ausgeblendet.</translation>
    </message>
    <message>
        <source>The label the runs were imported under (iolens-cli import --split): &quot;grid&quot; for one run of each configuration of the factorial grid, &quot;repeat&quot; for configurations run several times, whose spread gives the ± relative standard error; other labels name held-out or extra scenarios (interp, extrap, multivm). Type one in the filter to see only its rows.</source>
        <translation>Die Kennung, unter der die Läufe importiert wurden (iolens-cli import --split): &quot;grid&quot; für einen Lauf je Konfiguration des faktoriellen Rasters, &quot;repeat&quot; für mehrfach gemessene Konfigurationen, deren Streuung den ± relativen Standardfehler ergibt; andere Kennungen bezeichnen zurückgehaltene oder zusätzliche Szenarien (interp, extrap, multivm). Eine davon im Filter eingeben, um nur ihre Zeilen zu sehen.</translation>
    </message>
    <message>
        <source>How many runs of the configuration the row averages</source>
        <translation>Wie viele Läufe der Konfiguration die Zeile mittelt</translation>
    </message>
    <message>
        <source>%1
(%2)</source>
        <translation>%1
(%2)</translation>
    </message>
</context>
<context>
    <name>iolens::ui::MeasurementTablePanel</name>
    <message>
        <source>Filter: words that must all appear, e.g. bfq random 4 KiB</source>
        <translation>Filter: Wörter, die alle vorkommen müssen, z. B. bfq zufällig 4 KiB</translation>
    </message>
    <message>
        <source>%L1 of %L2 configurations, %L3 runs</source>
        <translation>%L1 von %L2 Konfigurationen, %L3 Läufe</translation>
    </message>
</context>
<context>
    <name>iolens::ui::Metrics</name>
    <message>
        <source>Read response time</source>
        <translation>Lese-Antwortzeit</translation>
    </message>
    <message>
        <source>Read RT</source>
        <translation>Lese-AZ</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <source>Write response time</source>
        <translation>Schreib-Antwortzeit</translation>
    </message>
    <message>
        <source>Write RT</source>
        <translation>Schreib-AZ</translation>
    </message>
    <message>
        <source>Read throughput</source>
        <translation>Lesedurchsatz</translation>
    </message>
    <message>
        <source>Read TP</source>
        <translation>Lese-DS</translation>
    </message>
    <message>
        <source>MiB/s</source>
        <translation>MiB/s</translation>
    </message>
    <message>
        <source>Write throughput</source>
        <translation>Schreibdurchsatz</translation>
    </message>
    <message>
        <source>Write TP</source>
        <translation>Schreib-DS</translation>
    </message>
    <message>
        <source>Read IOPS</source>
        <translation>Lese-IOPS</translation>
    </message>
    <message>
        <source>IOPS</source>
        <translation>IOPS</translation>
    </message>
    <message>
        <source>Write IOPS</source>
        <translation>Schreib-IOPS</translation>
    </message>
    <message>
        <source>Read response time p99</source>
        <translation>Lese-Antwortzeit p99</translation>
    </message>
    <message>
        <source>Read RT p99</source>
        <translation>Lese-AZ p99</translation>
    </message>
    <message>
        <source>Write response time p99</source>
        <translation>Schreib-Antwortzeit p99</translation>
    </message>
    <message>
        <source>Write RT p99</source>
        <translation>Schreib-AZ p99</translation>
    </message>
    <message>
        <source>Scheduler</source>
        <translation>Scheduler</translation>
    </message>
    <message>
        <source>File-set size</source>
        <translation>Dateimenge</translation>
    </message>
    <message>
        <source>Request size</source>
        <translation>Anfragegröße</translation>
    </message>
    <message>
        <source>Access pattern</source>
        <translation>Zugriffsmuster</translation>
    </message>
    <message>
        <source>Read share</source>
        <translation>Leseanteil</translation>
    </message>
    <message>
        <source>Threads</source>
        <translation>Threads</translation>
    </message>
    <message>
        <source>VMs</source>
        <translation>VMs</translation>
    </message>
    <message>
        <source>1 thread</source>
        <translation>1 Thread</translation>
    </message>
    <message>
        <source>%1 threads</source>
        <translation>%1 Threads</translation>
    </message>
    <message>
        <source>1 VM</source>
        <translation>1 VM</translation>
    </message>
    <message>
        <source>%1 VMs</source>
        <translation>%1 VMs</translation>
    </message>
</context>
<context>
    <name>iolens::ui::ModelComparisonModel</name>
    <message>
        <source>Not recorded for a model trained elsewhere</source>
        <translation>Für ein anderswo trainiertes Modell nicht erfasst</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>%1: still training…</source>
        <translation>%1: wird noch trainiert…</translation>
    </message>
    <message>
        <source>%1: no model (%2)</source>
        <translation>%1: kein Modell (%2)</translation>
    </message>
    <message>
        <source>…</source>
        <translation>…</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>Training…</source>
        <translation>Wird trainiert…</translation>
    </message>
    <message>
        <source>Cross-validating…</source>
        <translation>Wird kreuzvalidiert…</translation>
    </message>
    <message>
        <source>%1 configurations scored, %2 left out by the rule</source>
        <translation>%1 Konfigurationen bewertet, %2 durch die Regel ausgelassen</translation>
    </message>
    <message>
        <source>Technique</source>
        <translation>Verfahren</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>Metrik</translation>
    </message>
    <message>
        <source>Origin</source>
        <translation>Herkunft</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <source>R² train</source>
        <translation>R² Training</translation>
    </message>
    <message>
        <source>CV cost</source>
        <translation>CV-Kosten</translation>
    </message>
    <message>
        <source>CV mean err.</source>
        <translation>CV mittl. Fehler</translation>
    </message>
    <message>
        <source>CV p90 err.</source>
        <translation>CV p90-Fehler</translation>
    </message>
    <message>
        <source>Fit time</source>
        <translation>Trainingszeit</translation>
    </message>
    <message>
        <source>1 − RSS/TSS on the training data, on the scale the model is fitted on</source>
        <translation>1 − RSS/TSS auf den Trainingsdaten, auf der Skala, auf der das Modell angepasst ist</translation>
    </message>
    <message>
        <source>Mean RMSE over the %1 cross-validation folds, on the scale the model is fitted on (log(metric) by default): the optimizer&apos;s cost</source>
        <translation>Mittlerer RMSE über die %1 Folds der Kreuzvalidierung, auf der Skala, auf der das Modell angepasst ist (standardmäßig log(Metrik)): die Kosten des Optimierers</translation>
    </message>
    <message>
        <source>Mean of |predicted − measured| / measured over the out-of-fold predictions of %1-fold cross-validation</source>
        <translation>Mittelwert von |vorhergesagt − gemessen| / gemessen über die Out-of-Fold-Vorhersagen der %1-fachen Kreuzvalidierung</translation>
    </message>
    <message>
        <source>90th percentile of the relative errors of the out-of-fold predictions</source>
        <translation>90. Perzentil der relativen Fehler der Out-of-Fold-Vorhersagen</translation>
    </message>
    <message>
        <source>Wall time of fitting the model on all measurements</source>
        <translation>Laufzeit der Anpassung des Modells an alle Messungen</translation>
    </message>
    <message>
        <source>Interp. err.</source>
        <translation>Interp.-Fehler</translation>
    </message>
    <message>
        <source>Extrap. err.</source>
        <translation>Extrap.-Fehler</translation>
    </message>
    <message>
        <source>Mean relative error on configurations the model was not trained on, inside its training ranges: those a stored model&apos;s selection left out, else the request sizes between the smallest and the largest, predicted by the technique refitted without them (as iolens-cli evaluate --scenario interpolation)</source>
        <translation>Mittlerer relativer Fehler auf Konfigurationen, auf denen das Modell nicht trainiert wurde, innerhalb seiner Trainingsbereiche: die von der Auswahl eines gespeicherten Modells ausgelassenen, sonst die Anfragegrößen zwischen der kleinsten und der größten, vorhergesagt vom ohne sie neu angepassten Verfahren (wie iolens-cli evaluate --scenario interpolation)</translation>
    </message>
    <message>
        <source>Mean relative error on configurations the model was not trained on, outside its training ranges: those a stored model&apos;s selection left out, else the largest request size, predicted by the technique refitted on the smaller ones (as iolens-cli evaluate --scenario extrapolation)</source>
        <translation>Mittlerer relativer Fehler auf Konfigurationen, auf denen das Modell nicht trainiert wurde, außerhalb seiner Trainingsbereiche: die von der Auswahl eines gespeicherten Modells ausgelassenen, sonst die größte Anfragegröße, vorhergesagt vom auf den kleineren neu angepassten Verfahren (wie iolens-cli evaluate --scenario extrapolation)</translation>
    </message>
</context>
<context>
    <name>iolens::ui::ModelComparisonPanel</name>
    <message>
        <source>Cross-validated with %1 folds (seed %2). Relative errors count read metrics where read % ≥ %3 and write metrics where read % ≤ %4 (ICPE&apos;13 Table 4); the CV cost is the mean RMSE of log(metric) over the folds.</source>
        <translation>Kreuzvalidiert mit %1 Folds (Seed %2). Relative Fehler zählen Lese-Metriken, wo der Leseanteil ≥ %3 % ist, und Schreib-Metriken, wo er ≤ %4 % ist (ICPE&apos;13, Tabelle 4); die CV-Kosten sind der mittlere RMSE von log(Metrik) über die Folds.</translation>
    </message>
    <message>
        <source>Select a model to see what it learned.</source>
        <translation>Wählen Sie ein Modell, um zu sehen, was es gelernt hat.</translation>
    </message>
</context>
<context>
    <name>iolens::ui::ModelController</name>
    <message>
        <source>cross-validation, interpolation and extrapolation are scenarios of their own: a rule picks measurements, such as request_kib&gt;32</source>
        <translation>Kreuzvalidierung, Interpolation und Extrapolation sind eigene Szenarien: eine Regel wählt Messungen aus, etwa request_kib&gt;32</translation>
    </message>
    <message>
        <source>the window shows one dataset: dataset= does not apply</source>
        <translation>das Fenster zeigt einen Datensatz: dataset= ist hier nicht anwendbar</translation>
    </message>
    <message>
        <source>a rule picks the measurements to predict, such as request_kib&gt;32</source>
        <translation>eine Regel wählt die vorherzusagenden Messungen aus, etwa request_kib&gt;32</translation>
    </message>
    <message>
        <source>no measurement matches %1</source>
        <translation>keine Messung passt zu %1</translation>
    </message>
    <message>
        <source>every measurement matches %1: none is left to train on</source>
        <translation>jede Messung passt zu %1: keine bleibt zum Trainieren</translation>
    </message>
</context>
<context>
    <name>iolens::ui::Models</name>
    <message>
        <source>Linear regression with interactions</source>
        <translation>Lineare Regression mit Wechselwirkungen</translation>
    </message>
    <message>
        <source>MARS (multivariate adaptive regression splines)</source>
        <translation>MARS (multivariate adaptive Regressionssplines)</translation>
    </message>
    <message>
        <source>CART regression tree</source>
        <translation>CART-Regressionsbaum</translation>
    </message>
    <message>
        <source>M5 model tree</source>
        <translation>M5-Modellbaum</translation>
    </message>
    <message>
        <source>Cubist rule-based model</source>
        <translation>Cubist-Regelmodell</translation>
    </message>
    <message>
        <source>default</source>
        <translation>Standard</translation>
    </message>
    <message>
        <source>optimized</source>
        <translation>optimiert</translation>
    </message>
    <message>
        <source>stored</source>
        <translation>gespeichert</translation>
    </message>
</context>
<context>
    <name>iolens::ui::PlanForm</name>
    <message>
        <source>Name of the dataset the runs are stored in; an existing dataset resumes: runs already stored are skipped.</source>
        <translation>Name des Datensatzes, in dem die Läufe gespeichert werden; ein vorhandener Datensatz wird fortgesetzt: bereits gespeicherte Läufe werden übersprungen.</translation>
    </message>
    <message>
        <source>Dataset:</source>
        <translation>Datensatz:</translation>
    </message>
    <message>
        <source>Factors (every combination is measured)</source>
        <translation>Faktoren (jede Kombination wird gemessen)</translation>
    </message>
    <message>
        <source>I/O schedulers, e.g. &quot;none mq-deadline bfq&quot;; &quot;current&quot; keeps the device&apos;s. Switching needs a block device and root.</source>
        <translation>I/O-Scheduler, z. B. „none mq-deadline bfq“; „current“ behält den des Geräts. Umschalten braucht ein Blockgerät und root.</translation>
    </message>
    <message>
        <source>Total file set sizes as fio sizes, e.g. &quot;256M 1G&quot;.</source>
        <translation>Gesamtgrößen der Dateimengen als fio-Größen, z. B. „256M 1G“.</translation>
    </message>
    <message>
        <source>Request sizes as fio sizes, e.g. &quot;4k 64k 1M&quot;.</source>
        <translation>Anfragegrößen als fio-Größen, z. B. „4k 64k 1M“.</translation>
    </message>
    <message>
        <source>Shares of reads in percent, e.g. &quot;0 50 100&quot;.</source>
        <translation>Leseanteile in Prozent, z. B. „0 50 100“.</translation>
    </message>
    <message>
        <source>Concurrent threads in total, e.g. &quot;1 4 16&quot;.</source>
        <translation>Gleichzeitige Threads insgesamt, z. B. „1 4 16“.</translation>
    </message>
    <message>
        <source>Number of VMs (fio processes) the threads and the file set are split over; threads must be divisible by it.</source>
        <translation>Anzahl der VMs (fio-Prozesse), auf die Threads und Dateimenge aufgeteilt werden; die Threads müssen durch sie teilbar sein.</translation>
    </message>
    <message>
        <source>random</source>
        <translation>zufällig</translation>
    </message>
    <message>
        <source>sequential</source>
        <translation>sequenziell</translation>
    </message>
    <message>
        <source>I/O schedulers:</source>
        <translation>I/O-Scheduler:</translation>
    </message>
    <message>
        <source>File set sizes:</source>
        <translation>Dateimengen:</translation>
    </message>
    <message>
        <source>Request sizes:</source>
        <translation>Anfragegrößen:</translation>
    </message>
    <message>
        <source>Access patterns:</source>
        <translation>Zugriffsmuster:</translation>
    </message>
    <message>
        <source>Read shares (%):</source>
        <translation>Leseanteile (%):</translation>
    </message>
    <message>
        <source>Threads:</source>
        <translation>Threads:</translation>
    </message>
    <message>
        <source>VMs:</source>
        <translation>VMs:</translation>
    </message>
    <message>
        <source>Each run</source>
        <translation>Jeder Lauf</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>fio ramp time: the run warms up this long before it is measured.</source>
        <translation>fio-Anlaufzeit: so lange läuft der Lauf warm, bevor gemessen wird.</translation>
    </message>
    <message>
        <source>Runs per configuration; the noise needs at least 2.</source>
        <translation>Läufe je Konfiguration; das Rauschen braucht mindestens 2.</translation>
    </message>
    <message>
        <source>O_DIRECT (bypass the page cache)</source>
        <translation>O_DIRECT (am Seiten-Cache vorbei)</translation>
    </message>
    <message>
        <source>Ramp:</source>
        <translation>Anlauf:</translation>
    </message>
    <message>
        <source>Measured:</source>
        <translation>Gemessen:</translation>
    </message>
    <message>
        <source>Repetitions:</source>
        <translation>Wiederholungen:</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>Wo</translation>
    </message>
    <message>
        <source>An empty directory on the storage to measure (or one iolens measured in before); the file sets are written there.</source>
        <translation>Ein leeres Verzeichnis auf dem zu messenden Speicher (oder eines, in dem iolens schon gemessen hat); dort werden die Dateimengen geschrieben.</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Wählen…</translation>
    </message>
    <message>
        <source>Optional block device whose scheduler is switched, e.g. &quot;sda&quot;.</source>
        <translation>Optionales Blockgerät, dessen Scheduler umgeschaltet wird, z. B. „sda“.</translation>
    </message>
    <message>
        <source>optional, e.g. sda</source>
        <translation>optional, z. B. sda</translation>
    </message>
    <message>
        <source>Target directory:</source>
        <translation>Zielverzeichnis:</translation>
    </message>
    <message>
        <source>Block device:</source>
        <translation>Blockgerät:</translation>
    </message>
    <message>
        <source>Target directory</source>
        <translation>Zielverzeichnis</translation>
    </message>
</context>
<context>
    <name>iolens::ui::PredictionChart</name>
    <message>
        <source>Predictions</source>
        <translation>Vorhersagen</translation>
    </message>
    <message>
        <source>Right-click to save the chart as a picture or its data as CSV.</source>
        <translation>Rechtsklick, um das Diagramm als Bild oder seine Daten als CSV zu speichern.</translation>
    </message>
    <message>
        <source>Predictions for %1</source>
        <translation>Vorhersagen für %1</translation>
    </message>
    <message>
        <source>%1: p90 band</source>
        <translation>%1: p90-Band</translation>
    </message>
    <message>
        <source>%1: p50 band</source>
        <translation>%1: p50-Band</translation>
    </message>
    <message>
        <source>No reads at 0 % reads</source>
        <translation>Keine Lesezugriffe bei 0 % Lesen</translation>
    </message>
    <message>
        <source>No writes at 100 % reads</source>
        <translation>Keine Schreibzugriffe bei 100 % Lesen</translation>
    </message>
    <message>
        <source>No models yet</source>
        <translation>Noch keine Modelle</translation>
    </message>
    <message>
        <source>No model answers here</source>
        <translation>Hier antwortet kein Modell</translation>
    </message>
    <message>
        <source>Training the models…</source>
        <translation>Die Modelle werden trainiert…</translation>
    </message>
    <message>
        <source>Measured − RSE</source>
        <translation>Gemessen − RSE</translation>
    </message>
    <message>
        <source>Measured + RSE</source>
        <translation>Gemessen + RSE</translation>
    </message>
    <message>
        <source>Measured mean</source>
        <translation>Gemessener Mittelwert</translation>
    </message>
    <message>
        <source>Dot: the model&apos;s prediction p</source>
        <translation>Punkt: die Vorhersage p des Modells</translation>
    </message>
    <message>
        <source>bar: the measured values m consistent with p at the model&apos;s 10-fold cross-validated relative error e</source>
        <translation>Balken: die mit p verträglichen Messwerte m beim relativen Fehler e des Modells aus 10-facher Kreuzvalidierung</translation>
    </message>
    <message>
        <source>|p − m| / m ≤ e, so p / (1 + e) ≤ m ≤ p / (1 − e)</source>
        <translation>|p − m| / m ≤ e, also p / (1 + e) ≤ m ≤ p / (1 − e)</translation>
    </message>
    <message>
        <source>thick bar: e = median (p50)</source>
        <translation>dicker Balken: e = Median (p50)</translation>
    </message>
    <message>
        <source>dashed line and grey band: measured mean ± relative standard error</source>
        <translation>gestrichelte Linie und graues Band: gemessener Mittelwert ± relativer Standardfehler</translation>
    </message>
    <message>
        <source>this configuration was not measured</source>
        <translation>diese Konfiguration wurde nicht gemessen</translation>
    </message>
    <message>
        <source>no bar yet (training or cross-validating): %1</source>
        <translation>noch kein Balken (Training oder Kreuzvalidierung läuft): %1</translation>
    </message>
    <message>
        <source>no bar (cross-validation failed): %1</source>
        <translation>kein Balken (Kreuzvalidierung fehlgeschlagen): %1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1: %2 % interval</source>
        <translation>%1: %2-%-Intervall</translation>
    </message>
    <message>
        <source>bar with caps for %1: the %2 % prediction interval, calibrated on leave-level-out cross-validation</source>
        <translation>Balken mit Enden bei %1: das %2-%-Prognoseintervall, kalibriert mit Kreuzvalidierung, die ganze Faktorstufen auslässt</translation>
    </message>
    <message>
        <source>thin bar with caps: e = p90 (an arrow to the top edge when e ≥ 100 %)</source>
        <translation>dünner Balken mit Kappen: e = p90 (ein Pfeil bis zum oberen Rand bei e ≥ 100 %)</translation>
    </message>
</context>
<context>
    <name>iolens::ui::PredictionPanel</name>
    <message>
        <source>Distance in steps, summed over the factors: a doubling of a size, of the threads or of the VMs is one step, all reads vs all writes is one step, another scheduler or access pattern is one step. Beyond one step the models extrapolate.</source>
        <translation>Abstand in Schritten, über die Faktoren summiert: eine Verdopplung einer Größe, der Threads oder der VMs ist ein Schritt, nur Lesen gegenüber nur Schreiben ist ein Schritt, ein anderer Scheduler oder ein anderes Zugriffsmuster ist ein Schritt. Jenseits eines Schritts extrapolieren die Modelle.</translation>
    </message>
    <message>
        <source>Nearest measurement: this configuration.</source>
        <translation>Nächste Messung: diese Konfiguration.</translation>
    </message>
    <message>
        <source>1 step</source>
        <translation>1 Schritt</translation>
    </message>
    <message>
        <source>%1 steps</source>
        <translation>%1 Schritte</translation>
    </message>
    <message>
        <source>Nearest measurement: %1 away (%2).</source>
        <translation>Nächste Messung: %1 entfernt (%2).</translation>
    </message>
    <message>
        <source>Prediction</source>
        <translation>Vorhersage</translation>
    </message>
    <message>
        <source>Mean over the runs of exactly this configuration ± relative standard error of the mean</source>
        <translation>Mittelwert der Läufe genau dieser Konfiguration ± relativer Standardfehler (RSF) des Mittelwerts</translation>
    </message>
    <message>
        <source>Measured once: no standard error.</source>
        <translation>Einmal gemessen: kein Standardfehler.</translation>
    </message>
    <message>
        <source>Measured %1 times.</source>
        <translation>%1-mal gemessen.</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>entfällt</translation>
    </message>
    <message>
        <source>…</source>
        <translation>…</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>nicht gemessen</translation>
    </message>
    <message>
        <source>(%1)</source>
        <translation>(%1)</translation>
    </message>
    <message>
        <source>, </source>
        <translation>, </translation>
    </message>
    <message>
        <source>Measured
mean ± RSE</source>
        <translation>Gemessen
Mittel ± RSF</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1 with default parameters:</source>
        <translation>%1 mit Standardparametern:</translation>
    </message>
    <message>
        <source>%1 with optimized parameters:</source>
        <translation>%1 mit optimierten Parametern:</translation>
    </message>
    <message>
        <source>%1 stored in the database:</source>
        <translation>%1, in der Datenbank gespeichert:</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>%1 has no model of this metric</source>
        <translation>%1 hat kein Modell dieser Metrik</translation>
    </message>
    <message>
        <source>%1 is still training</source>
        <translation>%1 wird noch trainiert</translation>
    </message>
    <message>
        <source>No prediction: %1</source>
        <translation>Keine Vorhersage: %1</translation>
    </message>
    <message>
        <source>This configuration was not measured; the predictions stand alone.</source>
        <translation>Diese Konfiguration wurde nicht gemessen; die Vorhersagen stehen für sich allein.</translation>
    </message>
    <message>
        <source>Training %1…</source>
        <translation>Training läuft: %1…</translation>
    </message>
    <message>
        <source>⚠ %1 %2 was never measured (only %3): the models ignore this factor and predict as for %3.</source>
        <translation>⚠ %1 %2 wurde nie gemessen (nur %3): Die Modelle ignorieren diesen Faktor und sagen wie für %3 voraus.</translation>
    </message>
    <message>
        <source>⚠ %1 %2 is outside the measured range %3 – %4: the models extrapolate.</source>
        <translation>⚠ %1 %2 liegt außerhalb des gemessenen Bereichs %3 – %4: Die Modelle extrapolieren.</translation>
    </message>
    <message>
        <source>⚠ %1 %2 is not in the data %4 was trained on (only %3): it ignores this factor and predicts as for %3.</source>
        <translation>⚠ %1 %2 kommt in den Trainingsdaten von %4 nicht vor (nur %3): Das Modell ignoriert diesen Faktor und sagt wie für %3 voraus.</translation>
    </message>
    <message>
        <source>⚠ %1 %2 is not in the data %4 were trained on (only %3): they ignore this factor and predict as for %3.</source>
        <translation>⚠ %1 %2 kommt in den Trainingsdaten von %4 nicht vor (nur %3): Die Modelle ignorieren diesen Faktor und sagen wie für %3 voraus.</translation>
    </message>
    <message>
        <source>⚠ %1 %2 is outside the range %3 – %4 that %5 was trained on: it extrapolates.</source>
        <translation>⚠ %1 %2 liegt außerhalb des Bereichs %3 – %4, auf dem %5 trainiert wurde: Das Modell extrapoliert.</translation>
    </message>
    <message>
        <source>⚠ %1 %2 is outside the range %3 – %4 that %5 were trained on: they extrapolate.</source>
        <translation>⚠ %1 %2 liegt außerhalb des Bereichs %3 – %4, auf dem %5 trainiert wurden: Die Modelle extrapolieren.</translation>
    </message>
    <message>
        <source>⚠ %1 %2 was never measured (only %3): the models answer for all the VMs&apos; threads on all their files at once, on the storage they share (ICPE&apos;13 section 6.3).</source>
        <translation>⚠ %1 %2 wurde nie gemessen (nur %3): die Modelle antworten für alle Threads der VMs auf allen ihren Dateien zugleich, auf dem Speicher, den sie teilen (ICPE&apos;13, Abschnitt 6.3).</translation>
    </message>
</context>
<context>
    <name>iolens::ui::ProfilePlot</name>
    <message>
        <source>%1 (%)</source>
        <translation>%1 (%)</translation>
    </message>
    <message>
        <source>%1 (count)</source>
        <translation>%1 (Anzahl)</translation>
    </message>
    <message>
        <source>Model spread</source>
        <translation>Modellstreuung</translation>
    </message>
    <message>
        <source>Measured</source>
        <translation>Gemessen</translation>
    </message>
    <message>
        <source>Click to move this factor of the scenario there.</source>
        <translation>Klicken, um diesen Faktor des Szenarios dorthin zu verschieben.</translation>
    </message>
    <message>
        <source>%1
The y axis shows %2.</source>
        <translation>%1
Die y-Achse zeigt %2.</translation>
    </message>
</context>
<context>
    <name>iolens::ui::ProfilerView</name>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>&amp;Metric:</source>
        <translation>&amp;Metrik:</translation>
    </message>
    <message>
        <source>Open a database: the profiler shows how each factor moves the prediction around the scenario.</source>
        <translation>Öffnen Sie eine Datenbank: Der Profiler zeigt, wie jeder Faktor die Vorhersage um das Szenario herum verändert.</translation>
    </message>
    <message>
        <source>Model spread: the lowest to the highest prediction of the models. Far from data: the nearest measured configuration is more than one step away (a doubling of a size or count, all reads vs all writes, another scheduler or pattern). Measured: the measurements that equal the scenario in every other factor.</source>
        <translation>Modellstreuung: von der niedrigsten bis zur höchsten Vorhersage der Modelle. Fern von Daten: Die nächste gemessene Konfiguration ist mehr als einen Schritt entfernt (eine Verdopplung einer Größe oder Anzahl, nur Lesen gegenüber nur Schreiben, ein anderer Scheduler oder ein anderes Muster). Gemessen: die Messungen, die in jedem anderen Faktor dem Szenario gleichen.</translation>
    </message>
    <message>
        <source>Training the models…</source>
        <translation>Die Modelle werden trainiert…</translation>
    </message>
    <message>
        <source>model spread (min–max)</source>
        <translation>Modellstreuung (Min.–Max.)</translation>
    </message>
    <message>
        <source>far from data (&gt; %1 step)</source>
        <translation>fern von Daten (&gt; %1 Schritt)</translation>
    </message>
    <message>
        <source>measured</source>
        <translation>gemessen</translation>
    </message>
    <message>
        <source>scenario</source>
        <translation>Szenario</translation>
    </message>
    <message>
        <source>No SLA limits set: tick limits in the Capacity tab to shade where along each factor the scenario keeps them.</source>
        <translation>Keine SLA-Grenzen gesetzt: Grenzen im Reiter Kapazität ankreuzen, um zu schattieren, wo entlang jedes Faktors das Szenario sie einhält.</translation>
    </message>
    <message>
        <source>%1 %2 %3 %4</source>
        <translation>%1 %2 %3 %4</translation>
    </message>
    <message>
        <source>&lt;b&gt;SLA limits:&lt;/b&gt; %1. Shaded: green where every model keeps every limit, amber where the models disagree, red where none does; a dash-dotted line marks a limit on the metric shown.</source>
        <translation>&lt;b&gt;SLA-Grenzen:&lt;/b&gt; %1. Schattiert: grün, wo jedes Modell jede Grenze einhält, gelb, wo die Modelle uneins sind, rot, wo keines sie einhält; eine strichpunktierte Linie markiert eine Grenze der gezeigten Metrik.</translation>
    </message>
    <message>
        <source>all models keep the limits</source>
        <translation>alle Modelle halten die Grenzen ein</translation>
    </message>
    <message>
        <source>models disagree</source>
        <translation>Modelle uneins</translation>
    </message>
    <message>
        <source>no model keeps them</source>
        <translation>kein Modell hält sie ein</translation>
    </message>
    <message>
        <source>limit</source>
        <translation>Grenze</translation>
    </message>
    <message>
        <source>%1: %2 % prediction interval</source>
        <translation>%1: %2-%-Prognoseintervall</translation>
    </message>
    <message>
        <source>Dashed: where a stored model&apos;s curve leaves the data it was trained on.</source>
        <translation>Gestrichelt: wo die Kurve eines gespeicherten Modells die Daten verlässt, auf denen es trainiert wurde.</translation>
    </message>
    <message>
        <source>The y axis fits the measurements and the first model&apos;s curve and interval; an arrow in a curve&apos;s colour on the top or bottom edge marks where it leaves.</source>
        <translation>Die y-Achse passt zu den Messungen und zur Kurve und zum Intervall des ersten Modells; ein Pfeil in der Farbe einer Kurve am oberen oder unteren Rand zeigt, wo sie den Bereich verlässt.</translation>
    </message>
    <message>
        <source>A curve dashed in two colours lies exactly on another model&apos;s (&quot;cubist (= m5)&quot;).</source>
        <translation>Eine zweifarbig gestrichelte Kurve liegt genau auf der eines anderen Modells („cubist (= m5)“).</translation>
    </message>
    <message>
        <source>%1 (= %2)</source>
        <translation>%1 (= %2)</translation>
    </message>
    <message>
        <source>leaves the range</source>
        <translation>verlässt den Bereich</translation>
    </message>
</context>
<context>
    <name>iolens::ui::ScenarioComparePanel</name>
    <message>
        <source>%1 · %2 read · %3 · %4 · %5 · %6</source>
        <translation>%1 · %2 Lesen · %3 · %4 · %5 · %6</translation>
    </message>
    <message>
        <source>random</source>
        <translation>zufällig</translation>
    </message>
    <message>
        <source>sequential</source>
        <translation>sequenziell</translation>
    </message>
    <message>
        <source>&amp;Save current scenario</source>
        <translation>Aktuelles Szenario &amp;speichern</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>CSV exportieren…</translation>
    </message>
    <message>
        <source>Name, e.g. “after the upgrade”</source>
        <translation>Name, z. B. „nach dem Upgrade“</translation>
    </message>
    <message>
        <source>Double-click a scenario to move the controls there.</source>
        <translation>Doppelklick auf ein Szenario stellt die Regler darauf.</translation>
    </message>
    <message>
        <source>The scenarios as CSV, which `iolens-cli predict --configs` predicts headless.</source>
        <translation>Die Szenarien als CSV, die `iolens-cli predict --configs` ohne Fenster vorhersagt.</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>Metrik</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Änderung</translation>
    </message>
    <message>
        <source>Change %</source>
        <translation>Änderung %</translation>
    </message>
    <message>
        <source>Scenario &amp;A:</source>
        <translation>Szenario &amp;A:</translation>
    </message>
    <message>
        <source>Scenario &amp;B:</source>
        <translation>Szenario &amp;B:</translation>
    </message>
    <message>
        <source>Current: %1</source>
        <translation>Aktuell: %1</translation>
    </message>
    <message>
        <source>Export scenarios</source>
        <translation>Szenarien exportieren</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV-Dateien (*.csv)</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>%1 konnte nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>No saved scenarios yet. Name the current scenario above and save it as a baseline; then move the controls, and the table compares the baseline (A) with where they are (B).</source>
        <translation>Noch keine gespeicherten Szenarien. Benennen Sie das aktuelle Szenario oben und speichern Sie es als Ausgangspunkt; verschieben Sie dann die Regler, und die Tabelle vergleicht den Ausgangspunkt (A) mit ihrer Stellung (B).</translation>
    </message>
    <message>
        <source>A and B are the same configuration, so nothing changes: move the controls, or choose another scenario as A or B.</source>
        <translation>A und B sind dieselbe Konfiguration, daher ändert sich nichts: Verschieben Sie die Regler oder wählen Sie ein anderes Szenario als A oder B.</translation>
    </message>
</context>
<context>
    <name>iolens::ui::ScenarioPanel</name>
    <message>
        <source>random</source>
        <translation>zufällig</translation>
    </message>
    <message>
        <source>sequential</source>
        <translation>sequenziell</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>Szenario</translation>
    </message>
    <message>
        <source>Size of one request; the slider steps in half octaves (log scale)</source>
        <translation>Größe einer Anfrage; der Schieberegler springt in halben Oktaven (logarithmische Skala)</translation>
    </message>
    <message>
        <source>Total size of the file set; the slider steps in half octaves (log scale)</source>
        <translation>Gesamtgröße der Dateimenge; der Schieberegler springt in halben Oktaven (logarithmische Skala)</translation>
    </message>
    <message>
        <source>Share of reads among all requests</source>
        <translation>Anteil der Lesezugriffe an allen Anfragen</translation>
    </message>
    <message>
        <source>Number of VMs the workload (threads and file set) is split over</source>
        <translation>Anzahl der VMs, auf die die Last (Threads und Dateimenge) verteilt wird</translation>
    </message>
    <message>
        <source>%1 (fixed by the data)</source>
        <translation>%1 (durch die Daten festgelegt)</translation>
    </message>
    <message>
        <source>Threads issuing requests back to back (the clients or jobs); the slider steps in half octaves, the arrows by one</source>
        <translation>Threads, die Anfragen ohne Pause nacheinander stellen (die Clients oder Jobs); der Schieberegler geht in halben Oktaven, die Pfeile in Einerschritten</translation>
    </message>
</context>
<context>
    <name>iolens::ui::SearchControls</name>
    <message>
        <source>k: split points per parameter around each explored point</source>
        <translation>k: Teilungspunkte je Parameter um jeden erkundeten Punkt</translation>
    </message>
    <message>
        <source>n: best points explored further in each iteration</source>
        <translation>n: beste Punkte, die in jeder Iteration weiter erkundet werden</translation>
    </message>
    <message>
        <source>Iterations of the search</source>
        <translation>Iterationen der Suche</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>&amp;Starten</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>A&amp;bbrechen</translation>
    </message>
    <message>
        <source>&amp;Y axis:</source>
        <translation>&amp;Y-Achse:</translation>
    </message>
    <message>
        <source>Stop after the points being evaluated now</source>
        <translation>Nach den gerade bewerteten Punkten anhalten</translation>
    </message>
    <message>
        <source>&amp;Technique:</source>
        <translation>&amp;Verfahren:</translation>
    </message>
    <message>
        <source>&amp;Metric:</source>
        <translation>&amp;Metrik:</translation>
    </message>
    <message>
        <source>Splits &amp;k:</source>
        <translation>Teilungen &amp;k:</translation>
    </message>
    <message>
        <source>E&amp;xplorations n:</source>
        <translation>E&amp;rkundungen n:</translation>
    </message>
    <message>
        <source>&amp;Iterations:</source>
        <translation>&amp;Iterationen:</translation>
    </message>
    <message>
        <source>&amp;X axis:</source>
        <translation>&amp;X-Achse:</translation>
    </message>
    <message>
        <source>Evaluating the corner point...</source>
        <translation>Der Eckpunkt wird bewertet …</translation>
    </message>
    <message>
        <source>Iteration %1 of %2: %3 of %4 points, %5 in all; best %6 %7</source>
        <translation>Iteration %1 von %2: %3 von %4 Punkten, %5 insgesamt; Bestwert (%6): %7</translation>
    </message>
    <message>
        <source>Iteration %1 of %2: nothing left to evaluate, %3 in all; best %4 %5</source>
        <translation>Iteration %1 von %2: nichts mehr zu bewerten, %3 insgesamt; Bestwert (%4): %5</translation>
    </message>
    <message>
        <source>1 point</source>
        <translation>1 Punkt</translation>
    </message>
    <message>
        <source>%1 points</source>
        <translation>%1 Punkte</translation>
    </message>
    <message>
        <source>Done: %1, %2; best %3 %4</source>
        <translation>Fertig: %1, %2; Bestwert (%3): %4</translation>
    </message>
    <message>
        <source>1 iteration</source>
        <translation>1 Iteration</translation>
    </message>
    <message>
        <source>%1 iterations</source>
        <translation>%1 Iterationen</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>10-fold CV (paper)</source>
        <translation>10-fache KV (Paper)</translation>
    </message>
    <message>
        <source>RMSE over a seeded random 10-fold cross-validation (ICPE&apos;13): every level of every factor stays in training</source>
        <translation>RMSE einer zufälligen 10-fachen Kreuzvalidierung mit festem Seed (ICPE&apos;13): jede Stufe jedes Faktors bleibt im Training</translation>
    </message>
    <message>
        <source>Leave level out</source>
        <translation>Stufe auslassen</translation>
    </message>
    <message>
        <source>Mean |log(predicted / measured)| over whole levels of each factor left out of training in turn: rewards parameters that predict sizes and mixes nobody measured</source>
        <translation>Mittleres |log(vorhergesagt / gemessen)| über ganze Stufen jedes Faktors, der Reihe nach aus dem Training gelassen: belohnt Parameter, die ungemessene Größen und Mischungen vorhersagen</translation>
    </message>
    <message>
        <source>Search the parameters (ICPE&apos;13 Algorithm 1) in the background, each point scored by the chosen cross-validation</source>
        <translation>Parameter im Hintergrund suchen (ICPE&apos;13 Algorithmus 1), jeder Punkt bewertet mit der gewählten Kreuzvalidierung</translation>
    </message>
    <message>
        <source>C&amp;ost:</source>
        <translation>K&amp;osten:</translation>
    </message>
</context>
<context>
    <name>iolens::ui::SearchSurfacePlot</name>
    <message>
        <source>Start a search to see the cost of its points here.</source>
        <translation>Starten Sie eine Suche, um hier die Kosten ihrer Punkte zu sehen.</translation>
    </message>
    <message>
        <source>The heat map is a Voronoi picture of the evaluated costs: each cell shows the cost of the nearest evaluated point (distances along the axes as drawn, normalised to their ranges). It adds no evaluations of its own.</source>
        <translation>Die Heatmap ist ein Voronoi-Bild der bewerteten Kosten: Jede Zelle zeigt die Kosten des nächstgelegenen bewerteten Punkts (Abstände entlang der Achsen wie gezeichnet, auf ihre Bereiche normiert). Sie fügt keine eigenen Bewertungen hinzu.</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>%1 evaluated points</source>
        <translation>%1 bewertete Punkte</translation>
    </message>
    <message>
        <source>other %1</source>
        <translation>andere %1-Werte</translation>
    </message>
    <message>
        <source>iteration 0</source>
        <translation>Iteration 0</translation>
    </message>
    <message>
        <source>best</source>
        <translation>bester</translation>
    </message>
    <message>
        <source>Each cell: the cost of the nearest of %1 evaluated points</source>
        <translation>Jede Zelle: die Kosten des nächsten der %1 bewerteten Punkte</translation>
    </message>
    <message>
        <source>Each cell: the cost of the nearest of %1 points with %2 (as at the best)</source>
        <translation>Jede Zelle: die Kosten des nächsten von %1 Punkten mit %2 (wie beim besten)</translation>
    </message>
    <message>
        <source>Each cell: the lowest cost of the nearest of all %1 points (too few have %2)</source>
        <translation>Jede Zelle: die niedrigsten Kosten der nächsten aller %1 Punkte (zu wenige haben %2)</translation>
    </message>
    <message>
        <source>Each cell: the lowest cost of the nearest of all %1 points (those with %2 crowd around the best)</source>
        <translation>Jede Zelle: die niedrigsten Kosten der nächsten aller %1 Punkte (die mit %2 drängen sich um den besten)</translation>
    </message>
    <message>
        <source>grouped-CV mean |log ratio|</source>
        <translation>mittleres |log-Verhältnis| der gruppierten KV</translation>
    </message>
    <message>
        <source>%1-fold CV RMSE</source>
        <translation>RMSE der %1-fachen KV</translation>
    </message>
    <message>
        <source>grouped-CV mean |log ratio| of %1</source>
        <translation>mittleres |log-Verhältnis| der gruppierten KV von %1</translation>
    </message>
    <message>
        <source>%1-fold CV RMSE of log(%2)</source>
        <translation>RMSE der %1-fachen KV von log(%2)</translation>
    </message>
    <message>
        <source>best: %1 %2</source>
        <translation>Bestwert (%1): %2</translation>
    </message>
</context>
<context>
    <name>iolens::ui::SearchSurfaceView</name>
    <message>
        <source>The search failed: %1</source>
        <translation>Die Suche ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Search cancelled.</source>
        <translation>Suche abgebrochen.</translation>
    </message>
    <message>
        <source>The data changed during the search; its result was dropped.</source>
        <translation>Die Daten haben sich während der Suche geändert; ihr Ergebnis wurde verworfen.</translation>
    </message>
    <message>
        <source>%1 (default parameters → best point)</source>
        <translation>%1 (Standardparameter → bester Punkt)</translation>
    </message>
    <message>
        <source>Parameter search: %1</source>
        <translation>Parametersuche: %1</translation>
    </message>
    <message>
        <source>Search cancelled; run %1 keeps its points and can be resumed.</source>
        <translation>Suche abgebrochen; Lauf %1 behält seine Punkte und kann fortgesetzt werden.</translation>
    </message>
    <message>
        <source>This search is not recorded: %1</source>
        <translation>Diese Suche wird nicht gespeichert: %1</translation>
    </message>
    <message>
        <source>Run %1 (%2): best %3 %4, started %5</source>
        <translation>Lauf %1 (%2): beste %3 %4, begonnen %5</translation>
    </message>
    <message>
        <source>Run %1 has no evaluated points yet.</source>
        <translation>Lauf %1 hat noch keine bewerteten Punkte.</translation>
    </message>
    <message>
        <source>Run %1 cannot be shown: %2</source>
        <translation>Lauf %1 kann nicht angezeigt werden: %2</translation>
    </message>
    <message>
        <source>Resuming run %1.</source>
        <translation>Lauf %1 wird fortgesetzt.</translation>
    </message>
    <message>
        <source>Run %1 cannot be resumed: %2</source>
        <translation>Lauf %1 kann nicht fortgesetzt werden: %2</translation>
    </message>
    <message>
        <source>%1 %2 → %3, %4</source>
        <translation>%1: %2 → %3, %4</translation>
    </message>
</context>
<context>
    <name>iolens::ui::StoredModelTable</name>
    <message>
        <source>%1 (not in this database)</source>
        <translation>%1 (nicht in dieser Datenbank)</translation>
    </message>
    <message>
        <source>every dataset</source>
        <translation>alle Datensätze</translation>
    </message>
    <message>
        <source>split %1</source>
        <translation>Teilmenge %1</translation>
    </message>
    <message>
        <source>where %1</source>
        <translation>where %1</translation>
    </message>
    <message>
        <source>R² %1</source>
        <translation>R² %1</translation>
    </message>
    <message>
        <source>RMSE %1</source>
        <translation>RMSE %1</translation>
    </message>
    <message>
        <source>1 row</source>
        <translation>1 Zeile</translation>
    </message>
    <message>
        <source>%1 rows</source>
        <translation>%1 Zeilen</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Technique</source>
        <translation>Verfahren</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>Metrik</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <source>Trained on</source>
        <translation>Trainiert auf</translation>
    </message>
    <message>
        <source>Training fit</source>
        <translation>Anpassung (Training)</translation>
    </message>
    <message>
        <source>Stored</source>
        <translation>Gespeichert</translation>
    </message>
    <message>
        <source>Ticked: shown beside the window&apos;s own models in every view</source>
        <translation>Angekreuzt: in jeder Ansicht neben den eigenen Modellen des Fensters gezeigt</translation>
    </message>
    <message>
        <source>The data it was trained on: dataset, split and filter (iolens-cli train --split, --where). On the shown dataset the window cross-validates it on that part.</source>
        <translation>Die Daten, auf denen es trainiert wurde: Datensatz, Teilmenge und Filter (iolens-cli train --split, --where). Auf dem gezeigten Datensatz validiert das Fenster es kreuzweise auf diesem Teil.</translation>
    </message>
    <message>
        <source>Its fit on the rows it was trained on, on the scale it was fitted on (the logarithm of the metric unless log_response=0)</source>
        <translation>Seine Anpassung an die Zeilen, auf denen es trainiert wurde, auf der Skala, auf der es angepasst ist (dem Logarithmus der Metrik, außer bei log_response=0)</translation>
    </message>
    <message>
        <source>When it was stored, in UTC</source>
        <translation>Wann es gespeichert wurde, in UTC</translation>
    </message>
</context>
<context>
    <name>iolens::ui::StoredModels</name>
    <message>
        <source>Stored model %1 cannot be loaded: %2</source>
        <translation>Das gespeicherte Modell %1 lässt sich nicht laden: %2</translation>
    </message>
    <message>
        <source>Stored model %1 predicts %2, which the window has no column for.</source>
        <translation>Das gespeicherte Modell %1 sagt %2 vorher, wofür das Fenster keine Spalte hat.</translation>
    </message>
    <message>
        <source>%1 (stored)</source>
        <translation>%1 (gespeichert)</translation>
    </message>
    <message>
        <source>%1 is not saved: this database is read-only or an example (File &gt; Save as keeps a copy you can change).</source>
        <translation>%1 ist nicht gespeichert: diese Datenbank ist schreibgeschützt oder ein Beispiel (Datei &gt; Speichern unter behält eine änderbare Kopie).</translation>
    </message>
    <message>
        <source>%1 is not saved: %2</source>
        <translation>%1 ist nicht gespeichert: %2</translation>
    </message>
    <message>
        <source>%1 saved in %2.</source>
        <translation>%1 in %2 gespeichert.</translation>
    </message>
    <message>
        <source>Stored model %1 cannot be shown: its name is taken.</source>
        <translation>Das gespeicherte Modell %1 lässt sich nicht zeigen: sein Name ist vergeben.</translation>
    </message>
</context>
<context>
    <name>iolens::ui::StoredModelsDialog</name>
    <message>
        <source>Stored models — %1</source>
        <translation>Gespeicherte Modelle — %1</translation>
    </message>
    <message>
        <source>Ticked models are shown beside the window&apos;s own models in every view. The choice is kept for this database file; the file itself is not changed.</source>
        <translation>Angekreuzte Modelle werden in jeder Ansicht neben den eigenen Modellen des Fensters gezeigt. Die Auswahl wird für diese Datenbankdatei gemerkt; die Datei selbst bleibt unverändert.</translation>
    </message>
    <message>
        <source>%1 holds no stored model. Models come from iolens-cli train or optimize, from File &gt; Import model…, or from the Parameter search tab.</source>
        <translation>%1 enthält kein gespeichertes Modell. Modelle kommen aus iolens-cli train oder optimize, aus Datei &gt; Modell importieren… oder aus dem Reiter Parametersuche.</translation>
    </message>
    <message>
        <source>Show &amp;all</source>
        <translation>A&amp;lle zeigen</translation>
    </message>
    <message>
        <source>Show &amp;none</source>
        <translation>&amp;Keines zeigen</translation>
    </message>
    <message>
        <source>Stored models</source>
        <translation>Gespeicherte Modelle</translation>
    </message>
    <message>
        <source>The stored models of %1 cannot be read: %2</source>
        <translation>Die gespeicherten Modelle von %1 können nicht gelesen werden: %2</translation>
    </message>
</context>
<context>
    <name>iolens::ui::StoredRunsPanel</name>
    <message>
        <source>Draw the points this run evaluated</source>
        <translation>Die Punkte zeichnen, die dieser Lauf bewertet hat</translation>
    </message>
    <message>
        <source>Continue this run where it stopped, as iolens-cli optimize --resume does; its new points are recorded in the database</source>
        <translation>Diesen Lauf dort fortsetzen, wo er anhielt, wie iolens-cli optimize --resume; seine neuen Punkte werden in der Datenbank gespeichert</translation>
    </message>
    <message>
        <source>No stored runs for this dataset yet: a search started here is recorded.</source>
        <translation>Noch keine gespeicherten Läufe für diesen Datensatz: eine hier gestartete Suche wird gespeichert.</translation>
    </message>
    <message>
        <source>No stored runs. This database is read-only or an example, so searches here are not recorded.</source>
        <translation>Keine gespeicherten Läufe. Diese Datenbank ist schreibgeschützt oder ein Beispiel, daher werden Suchen hier nicht gespeichert.</translation>
    </message>
    <message>
        <source>Read-only database: runs can be shown, not resumed.</source>
        <translation>Schreibgeschützte Datenbank: Läufe können angezeigt, aber nicht fortgesetzt werden.</translation>
    </message>
    <message>
        <source>Started %1</source>
        <translation>Begonnen %1</translation>
    </message>
    <message>
        <source>Sho&amp;w</source>
        <translation>An&amp;zeigen</translation>
    </message>
    <message>
        <source>Res&amp;ume</source>
        <translation>Fortse&amp;tzen</translation>
    </message>
    <message>
        <source>Stored ru&amp;ns:</source>
        <translation>Gespeicherte Lä&amp;ufe:</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>beendet</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>running or stopped</source>
        <translation>läuft oder angehalten</translation>
    </message>
    <message>
        <source>Run %1 · %2 · %3 · %4 · %5</source>
        <translation>Lauf %1 · %2 · %3 · %4 · %5</translation>
    </message>
    <message>
        <source>1 point</source>
        <translation>1 Punkt</translation>
    </message>
    <message>
        <source>%1 points</source>
        <translation>%1 Punkte</translation>
    </message>
</context>
<context>
    <name>iolens::ui::StoredRunsTable</name>
    <message>
        <source>Configuration</source>
        <translation>Konfiguration</translation>
    </message>
    <message>
        <source>Rep.</source>
        <translation>Wdh.</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
</context>
<context>
    <name>iolens::ui::TracePanel</name>
    <message>
        <source>Arrival (s)</source>
        <translation>Ankunft (s)</translation>
    </message>
    <message>
        <source>Response time (ms)</source>
        <translation>Antwortzeit (ms)</translation>
    </message>
    <message>
        <source>Relative error of the prediction</source>
        <translation>Relativer Fehler der Vorhersage</translation>
    </message>
    <message>
        <source>Share of test requests</source>
        <translation>Anteil der Testanfragen</translation>
    </message>
    <message>
        <source>Feature</source>
        <translation>Merkmal</translation>
    </message>
    <message>
        <source>Error rise (points)</source>
        <translation>Fehleranstieg (Prozentpunkte)</translation>
    </message>
    <message>
        <source>SBCART</source>
        <translation>SBCART</translation>
    </message>
    <message>
        <source>CART</source>
        <translation>CART</translation>
    </message>
    <message>
        <source>Trace:</source>
        <translation>Trace:</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>Modell:</translation>
    </message>
    <message>
        <source>LRU cache for the hit feature:</source>
        <translation>LRU-Cache für das Treffer-Merkmal:</translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation>%1 MiB</translation>
    </message>
    <message>
        <source>Import a trace with iolens-cli trace-import to see it here.</source>
        <translation>Importieren Sie einen Trace mit iolens-cli trace-import, um ihn hier zu sehen.</translation>
    </message>
    <message>
        <source>%1 (%2 requests)</source>
        <translation>%1 (%2 Anfragen)</translation>
    </message>
    <message>
        <source>Training on the first half of the trace…</source>
        <translation>Training auf der ersten Hälfte des Traces …</translation>
    </message>
    <message>
        <source>%1 trained on %2 requests, tested on %3. Median relative error %4 without the hit feature, %5 with it (hit share %6). Mean response time %7 ms measured, %8 ms predicted; 90th percentile %9 ms measured, %10 ms predicted; %11 µs per prediction.</source>
        <translation>%1 trainiert auf %2 Anfragen, getestet auf %3. Median des relativen Fehlers %4 ohne das Treffer-Merkmal, %5 mit ihm (Trefferanteil %6). Mittlere Antwortzeit %7 ms gemessen, %8 ms vorhergesagt; 90. Perzentil %9 ms gemessen, %10 ms vorhergesagt; %11 µs je Vorhersage.</translation>
    </message>
    <message>
        <source>measured</source>
        <translation>gemessen</translation>
    </message>
    <message>
        <source>predicted (%1 with hit)</source>
        <translation>vorhergesagt (%1 mit Treffer)</translation>
    </message>
    <message>
        <source>%1 with hit</source>
        <translation>%1 mit Treffer</translation>
    </message>
    <message>
        <source>median without hit</source>
        <translation>Median ohne Treffer</translation>
    </message>
    <message>
        <source>RT (ms)</source>
        <translation>AZ (ms)</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>Anteil</translation>
    </message>
    <message>
        <source>Rise (pts)</source>
        <translation>Anstieg (Pkt.)</translation>
    </message>
</context>
<context>
    <name>iolens::ui::WindowMenus</name>
    <message>
        <source>fio-tiered: a cache in front of a throttled array</source>
        <translation>fio-tiered: ein Cache vor einem gedrosselten Array</translation>
    </message>
    <message>
        <source>fio-local: a fast virtual disk</source>
        <translation>fio-local: eine schnelle virtuelle Platte</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Measure…</source>
        <translation>&amp;Messen…</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>Ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Open &amp;example</source>
        <translation>Bei&amp;spiel öffnen</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>Save &amp;as…</source>
        <translation>Speichern &amp;unter…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Dataset</source>
        <translation>Daten&amp;satz</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About iolens</source>
        <translation>Ü&amp;ber iolens</translation>
    </message>
    <message>
        <source>%1 (%2 runs)</source>
        <translation>%1 (%2 Läufe)</translation>
    </message>
    <message>
        <source>&amp;Clear list</source>
        <translation>Liste &amp;leeren</translation>
    </message>
    <message>
        <source>&amp;Models</source>
        <translation>&amp;Modelle</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Export e&amp;vidence pack…</source>
        <translation>&amp;Nachweispaket exportieren…</translation>
    </message>
    <message>
        <source>&amp;Inside-Out accuracy…</source>
        <translation>&amp;Inside-Out-Genauigkeit…</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Presentation mode</source>
        <translation>&amp;Präsentationsmodus</translation>
    </message>
    <message>
        <source>Save presentation &amp;screenshot…</source>
        <translation>Präsentations-&amp;Bildschirmfoto speichern…</translation>
    </message>
    <message>
        <source>&amp;Go to tab</source>
        <translation>&amp;Gehe zu Reiter</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>Systemstandard</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <source>Scenario and p&amp;rediction panels</source>
        <translation>Szenario- und &amp;Vorhersagebereich</translation>
    </message>
    <message>
        <source>&amp;New database…</source>
        <translation>Neue &amp;Datenbank…</translation>
    </message>
    <message>
        <source>Im&amp;port measurements…</source>
        <translation>Messungen im&amp;portieren…</translation>
    </message>
    <message>
        <source>Import mo&amp;del…</source>
        <translation>Modell imp&amp;ortieren…</translation>
    </message>
    <message>
        <source>Export mode&amp;l…</source>
        <translation>Mode&amp;ll exportieren…</translation>
    </message>
    <message>
        <source>Delete dataset %1 and its %2 runs from %3?</source>
        <translation>Datensatz %1 mit seinen %2 Läufen aus %3 löschen?</translation>
    </message>
    <message>
        <source>This cannot be undone; the source files are not touched.</source>
        <translation>Das lässt sich nicht rückgängig machen; die Quelldateien bleiben unberührt.</translation>
    </message>
    <message>
        <source>%1 is read-only. Save a copy of it and change the copy?</source>
        <translation>%1 ist schreibgeschützt. Eine Kopie speichern und die Kopie ändern?</translation>
    </message>
    <message>
        <source>Save a copy of the database</source>
        <translation>Kopie der Datenbank speichern</translation>
    </message>
    <message>
        <source>iolens databases (*.sqlite *.db *.iolens);;All files (*)</source>
        <translation>iolens-Datenbanken (*.sqlite *.db *.iolens);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Rename dataset</source>
        <translation>Datensatz umbenennen</translation>
    </message>
    <message>
        <source>New name of dataset %1:</source>
        <translation>Neuer Name des Datensatzes %1:</translation>
    </message>
    <message>
        <source>Delete dataset</source>
        <translation>Datensatz löschen</translation>
    </message>
    <message>
        <source>Export dataset as CSV</source>
        <translation>Datensatz als CSV exportieren</translation>
    </message>
    <message>
        <source>CSV files (*.csv);;All files (*)</source>
        <translation>CSV-Dateien (*.csv);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>%1 and %2 more</source>
        <translation>%1 und %2 weitere</translation>
    </message>
    <message>
        <source>from %1 · imported %2</source>
        <translation>aus %1 · importiert %2</translation>
    </message>
    <message>
        <source>Import a &amp;folder of fio results…</source>
        <translation>O&amp;rdner mit fio-Ergebnissen importieren…</translation>
    </message>
    <message>
        <source>E&amp;xport dataset as CSV…</source>
        <translation>Datensatz als CSV e&amp;xportieren…</translation>
    </message>
    <message>
        <source>&amp;Rename dataset…</source>
        <translation>Datensatz &amp;umbenennen…</translation>
    </message>
    <message>
        <source>De&amp;lete dataset…</source>
        <translation>Datensatz &amp;löschen…</translation>
    </message>
    <message>
        <source>&amp;Stored models…</source>
        <translation>&amp;Gespeicherte Modelle…</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>What-if explorer for storage performance models.</source>
        <translation>Was-wäre-wenn-Explorer für Speicher-Performance-Modelle.</translation>
    </message>
    <message>
        <source>Measurement database to open (default: the embedded fio-tiered example).</source>
        <translation>Zu öffnende Messdatenbank (Standard: das eingebettete Beispiel fio-tiered).</translation>
    </message>
    <message>
        <source>Open an embedded example: tiered or local.</source>
        <translation>Ein eingebettetes Beispiel öffnen: tiered oder local.</translation>
    </message>
    <message>
        <source>Give one database file or --example, not both.</source>
        <translation>Entweder eine Datenbankdatei oder --example angeben, nicht beides.</translation>
    </message>
    <message>
        <source>Unknown example &apos;%1&apos;: use tiered or local.</source>
        <translation>Unbekanntes Beispiel „%1“: tiered oder local verwenden.</translation>
    </message>
    <message>
        <source>Presentation mode: larger fonts and plot lines; --screenshot is then taken at twice the pixels.</source>
        <translation>Präsentationsmodus: größere Schriften und Linien; --screenshot wird dann mit doppelter Pixelzahl aufgenommen.</translation>
    </message>
    <message>
        <source>Save a PNG of the window (1280x800 unless --size says otherwise) once the models are trained, then exit.</source>
        <translation>Ein PNG des Fensters speichern (1280x800, sofern --size nichts anderes sagt), sobald die Modelle trainiert sind, dann beenden.</translation>
    </message>
    <message>
        <source>The window size for --screenshot, such as 1920x1080.</source>
        <translation>Die Fenstergröße für --screenshot, etwa 1920x1080.</translation>
    </message>
    <message>
        <source>Start with the scenario and prediction panels hidden, the tab filling the window (F9 shows them).</source>
        <translation>Ohne Szenario- und Vorhersagebereich starten, der Reiter füllt das Fenster (F9 zeigt sie).</translation>
    </message>
    <message>
        <source>the window cannot be %1x%2 pixels: its contents need %3x%4, the size the screenshot shows it at</source>
        <translation>das Fenster kann nicht %1x%2 Pixel groß sein: sein Inhalt braucht %3x%4, die Größe, in der der Screenshot es zeigt</translation>
    </message>
    <message>
        <source>Show this tab below the controls: measurements, predictions, models, error-cdf, profiler, scenarios, capacity, application, trace, search or conservation.</source>
        <translation>Diesen Reiter unter den Bedienelementen zeigen: measurements, predictions, models, error-cdf, profiler, scenarios, capacity, application, trace, search oder conservation.</translation>
    </message>
    <message>
        <source>Unknown tab &apos;%1&apos; (tabs: %2).</source>
        <translation>Unbekannter Reiter „%1“ (Reiter: %2).</translation>
    </message>
    <message>
        <source>Unknown tab &apos;%1&apos; (did you mean &apos;%2&apos;? tabs: %3).</source>
        <translation>Unbekannter Reiter „%1“ (meinten Sie „%2“? Reiter: %3).</translation>
    </message>
    <message>
        <source>Unknown option --%1 (did you mean --%2?).</source>
        <translation>Unbekannte Option --%1 (meinten Sie --%2?).</translation>
    </message>
    <message>
        <source>Unknown option --%1 (see iolens --help).</source>
        <translation>Unbekannte Option --%1 (siehe iolens --help).</translation>
    </message>
</context>
</TS>
