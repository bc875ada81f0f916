// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/text_file.hpp"

#include "common/error.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

namespace iolens::core {

std::string_view withoutByteOrderMark(std::string_view text, const std::string& source)
{
    if (text.starts_with("\xEF\xBB\xBF"))
        return text.substr(3);
    if (text.starts_with("\xFF\xFE") || text.starts_with("\xFE\xFF")
        || text.starts_with(std::string_view("\0\0\xFE\xFF", 4)))
        throw DataError(source
            + ": the text is UTF-16 or UTF-32; save it as UTF-8 (a "
              "spreadsheet's \"CSV UTF-8\")");
    return text;
}

void refuseFolderAsInput(const std::string& path)
{
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        throw DataError(path + ": is a folder, not a file");
}

std::string readTextFile(const std::string& path)
{
    refuseFolderAsInput(path);
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw DataError(path + ": cannot open file for reading");
    std::ostringstream buffer;
    buffer << in.rdbuf();
    return buffer.str();
}

void writeTextFileAtomically(const std::string& path, const std::string& content)
{
    AtomicTextFile file(path);
    file.write(content);
    file.commit();
}

AtomicTextFile::AtomicTextFile(std::string path)
    : m_path(std::move(path))
{
    // Bad input, said as such: a folder failed at the rename ("cannot replace file: Success").
    std::error_code ec;
    if (std::filesystem::is_directory(m_path, ec))
        throw ConfigError(m_path + ": is a folder; name a file to write");
    const std::filesystem::path folder = std::filesystem::path(m_path).parent_path();
    if (!folder.empty() && !std::filesystem::is_directory(folder, ec))
        throw ConfigError(m_path + ": there is no folder " + folder.string() + " to write it in");
    m_out.open(m_path + ".part", std::ios::binary | std::ios::trunc);
    if (!m_out)
        throw Error(m_path + ": cannot open file for writing");
}

AtomicTextFile::~AtomicTextFile()
{
    if (m_committed)
        return;
    m_out.close();
    std::error_code ec;
    std::filesystem::remove(m_path + ".part", ec);
}

void AtomicTextFile::write(std::string_view text)
{
    m_out.write(text.data(), static_cast<std::streamsize>(text.size()));
}

void AtomicTextFile::commit()
{
    const std::string temporary = m_path + ".part";
    m_out.flush();
    if (!m_out)
        throw Error(m_path + ": write failed");
    m_out.close();
    std::error_code ec;
    std::filesystem::rename(temporary, m_path, ec);
    if (ec) {
        std::filesystem::remove(temporary, ec);
        throw Error(m_path + ": cannot replace file: " + ec.message());
    }
    m_committed = true;
}

} // namespace iolens::core
