// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <fstream>
#include <string>
#include <string_view>

namespace iolens::core {

/// Whole file as bytes; throws DataError naming the path if it cannot be read.
std::string readTextFile(const std::string& path);
/// `text` without a UTF-8 byte order mark (spreadsheets and some editors write one); throws
/// DataError naming `source` for text in UTF-16 or UTF-32, which read as bytes gave "missing
/// required column 'scheduler'" of a file that has it.
std::string_view withoutByteOrderMark(std::string_view text, const std::string& source);
/// Throws DataError when `path` names a folder: opened as a file it reads as empty, and the
/// message said "the file is empty" of a folder.
void refuseFolderAsInput(const std::string& path);
/// Writes through a temporary file in the same folder and renames it into place, so a reader
/// never sees a half-written file: through a symbolic link, the file it names. A path that is
/// a pipe, a terminal or a device (/dev/stdout) is written directly. Throws Error naming the
/// path on failure.
void writeTextFileAtomically(const std::string& path, const std::string& content);

/// writeTextFileAtomically for content written piece by piece (an export of millions of rows):
/// the pieces go to a temporary file in the same folder, renamed into place by commit().
/// Destroying it without commit() removes the temporary file and leaves `path` as it was. A
/// pipe, a terminal or a device takes the pieces as they come.
class AtomicTextFile {
public:
    /// Throws ConfigError for a path that is a folder or in a folder that does not exist, Error
    /// naming the path if the temporary file cannot be created.
    explicit AtomicTextFile(std::string path);
    ~AtomicTextFile();
    AtomicTextFile(const AtomicTextFile&) = delete;
    AtomicTextFile& operator=(const AtomicTextFile&) = delete;

    void write(std::string_view text);
    /// Flushes and renames into place. Throws Error naming the path on failure.
    void commit();

private:
    std::string m_path; ///< the file replaced: a symbolic link's target
    std::ofstream m_out;
    bool m_committed = false;
    bool m_direct = false; ///< not a regular file: written in place, nothing renamed
};

} // namespace iolens::core
