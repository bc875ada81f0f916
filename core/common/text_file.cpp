// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/text_file.hpp"

#include "common/error.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

namespace iolens::core {

std::string readTextFile(const std::string& path)
{
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
    , m_out(m_path + ".part", std::ios::binary | std::ios::trunc)
{
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
