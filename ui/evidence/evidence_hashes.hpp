// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

#include <optional>

namespace iolens::ui {

struct Document;

/// SHA-256 fingerprints for the evidence pack: a reviewer recomputes them with
/// `sha256sum` and knows the pack describes exactly these bytes.

/// Lower-case hex SHA-256 of `bytes` (64 characters).
QString sha256Hex(const QByteArray& bytes);

/// Lower-case hex SHA-256 of the file at `path`, read in blocks; nullopt if it cannot be read.
std::optional<QString> fileSha256(const QString& path);

/// Where the measurements of an open document come from and their fingerprint: the database
/// file's bytes, or for an embedded example (an in-memory database) the bytes of the CSV it is
/// built from, which is what a reviewer can get back from the build.
struct DatabaseFingerprint {
    QString kind;    ///< "file" or "example"
    QString source;  ///< the file path, or the example's resource path
    QString dataset; ///< the dataset shown
    QString sha256;  ///< empty if the source could not be read
};

/// The fingerprint of `document`'s database, computed now.
DatabaseFingerprint databaseFingerprint(const Document& document);

} // namespace iolens::ui
