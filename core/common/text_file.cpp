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
    namespace fs = std::filesystem;
    // Bad input, said as such: a folder failed at the rename ("cannot replace file: Success").
    std::error_code ec;
    const fs::file_status target = fs::status(m_path, ec); // through symbolic links
    if (fs::is_directory(target))
        throw ConfigError(m_path + ": is a folder; name a file to write");
    // A pipe, a terminal or a device (/dev/stdout, /dev/null) is written as it is: nothing
    // renamed into its place can stand for it, and renamed over, /dev/stdout became a file.
    m_direct = fs::exists(target) && !fs::is_regular_file(target);
    // A symbolic link to a file keeps linking: the file it names is replaced, not the link.
    // Followed link by link, as the file a link names may not exist yet (canonical paths need
    // it to); 40 links, Linux's own limit, end a loop.
    fs::path linked = m_path;
    for (int hops = 0; !m_direct && hops < 40 && fs::is_symlink(fs::symlink_status(linked, ec));
         ++hops) {
        const fs::path next = fs::read_symlink(linked, ec);
        if (ec)
            break;
        linked = next.is_absolute() ? next : linked.parent_path() / next;
    }
    m_path = linked.lexically_normal().string();
    const fs::path folder = fs::path(m_path).parent_path();
    if (!m_direct && !folder.empty() && !fs::is_directory(folder, ec))
        throw ConfigError(m_path + ": there is no folder " + folder.string() + " to write it in");
    m_out.open(m_direct ? m_path : m_path + ".part", std::ios::binary | std::ios::trunc);
    if (!m_out)
        throw Error(m_path + ": cannot open file for writing");
}

AtomicTextFile::~AtomicTextFile()
{
    if (m_committed || m_direct)
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
    if (m_direct) {
        m_committed = true;
        return;
    }
    std::error_code ec;
    std::filesystem::rename(temporary, m_path, ec);
    if (ec) {
        std::filesystem::remove(temporary, ec);
        throw Error(m_path + ": cannot replace file: " + ec.message());
    }
    m_committed = true;
}

} // namespace iolens::core
