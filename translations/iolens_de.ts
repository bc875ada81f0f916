<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
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
</context>
<context>
    <name>iolens::ui::MainWindow</name>
    <message>
        <source>Measurements</source>
        <translation>Messungen</translation>
    </message>
    <message>
        <source>Plots</source>
        <translation>Diagramme</translation>
    </message>
    <message>
        <source>Open a measurement database or an example from the File menu.</source>
        <translation>Öffnen Sie eine Messdatenbank oder ein Beispiel über das Menü „Datei“.</translation>
    </message>
    <message>
        <source>%1: %2 runs of %3 configurations. Training the linear models…</source>
        <translation>%1: %2 Läufe von %3 Konfigurationen. Die linearen Modelle werden trainiert…</translation>
    </message>
    <message>
        <source>%1: %2 runs of %3 configurations. %4 of %5 linear models trained in %6 ms.</source>
        <translation>%1: %2 Läufe von %3 Konfigurationen. %4 von %5 linearen Modellen in %6 ms trainiert.</translation>
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
        <source>&lt;h3&gt;iolens %1&lt;/h3&gt;&lt;p&gt;A what-if explorer for storage performance: statistical models trained on measurements predict response time and throughput for the workload you set.&lt;/p&gt;&lt;p&gt;License: GPL-3.0-or-later&lt;/p&gt;</source>
        <translation>&lt;h3&gt;iolens %1&lt;/h3&gt;&lt;p&gt;Ein Was-wäre-wenn-Werkzeug für Speicherleistung: statistische Modelle, auf Messungen trainiert, sagen Antwortzeit und Durchsatz für die eingestellte Last voraus.&lt;/p&gt;&lt;p&gt;Lizenz: GPL-3.0-or-later&lt;/p&gt;</translation>
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
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
</context>
<context>
    <name>iolens::ui::MeasurementTablePanel</name>
    <message>
        <source>Filter: words that must all appear, e.g. bfq random 4 KiB</source>
        <translation>Filter: Wörter, die alle vorkommen müssen, z. B. bfq zufällig 4 KiB</translation>
    </message>
    <message>
        <source>%1 of %2 configurations, %3 runs</source>
        <translation>%1 von %2 Konfigurationen, %3 Läufe</translation>
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
</context>
<context>
    <name>iolens::ui::PlotArea</name>
    <message>
        <source>Plots of the measurements and the model over one factor will appear here.</source>
        <translation>Hier erscheinen Diagramme der Messungen und des Modells über einen Faktor.</translation>
    </message>
</context>
<context>
    <name>iolens::ui::PredictionPanel</name>
    <message>
        <source>Prediction</source>
        <translation>Vorhersage</translation>
    </message>
    <message>
        <source>Measured (mean ± RSE)</source>
        <translation>Gemessen (Mittel ± RSF)</translation>
    </message>
    <message>
        <source>Mean over the runs of exactly this configuration ± relative standard error of the mean</source>
        <translation>Mittelwert der Läufe genau dieser Konfiguration ± relativer Standardfehler (RSF) des Mittelwerts</translation>
    </message>
    <message>
        <source>Linear model (lm)</source>
        <translation>Lineares Modell (lm)</translation>
    </message>
    <message>
        <source>Predicted: %1</source>
        <translation>Vorhergesagt: %1</translation>
    </message>
    <message>
        <source>Training the models…</source>
        <translation>Die Modelle werden trainiert…</translation>
    </message>
    <message>
        <source>This configuration was not measured; the prediction stands alone.</source>
        <translation>Diese Konfiguration wurde nicht gemessen; die Vorhersage steht für sich allein.</translation>
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
        <source>no model</source>
        <translation>kein Modell</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>nicht gemessen</translation>
    </message>
    <message>
        <source>⚠ %1 %2 was never measured (only %3): the model ignores this factor and predicts as for %3.</source>
        <translation>⚠ %1 %2 wurde nie gemessen (nur %3): Das Modell ignoriert diesen Faktor und sagt wie für %3 voraus.</translation>
    </message>
    <message>
        <source>⚠ %1 %2 is outside the measured range %3 – %4: the model extrapolates.</source>
        <translation>⚠ %1 %2 liegt außerhalb des gemessenen Bereichs %3 – %4: Das Modell extrapoliert.</translation>
    </message>
    <message>
        <source>(%1)</source>
        <translation>(%1)</translation>
    </message>
    <message>
        <source>, </source>
        <translation>, </translation>
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
        <source>&amp;Open…</source>
        <translation>Ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Open &amp;example</source>
        <translation>&amp;Beispiel öffnen</translation>
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
</context>
</TS>
