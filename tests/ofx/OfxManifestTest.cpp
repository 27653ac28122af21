// The host's manifest parser accepts the plugin's manifest and its docs/decisions.md D65 media
// types and extensions (the same code the server runs when it loads the plugin).
#include "PluginHarness.h"
#include "plugin/Manifest.h"

#include <cppunit/extensions/HelperMacros.h>

class OfxManifestTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(OfxManifestTest);
    CPPUNIT_TEST(hostAcceptsManifest);
    CPPUNIT_TEST_SUITE_END();

public:
    void hostAcceptsManifest() {
        const fi_plugin& p = harness::loadPlugin("finimport_ofx.so");
        const fi_importer& importer = harness::findImporter(p, "ofx.statements");
        const auto parsed = finimport::plugin::parseManifest(importer.manifest_json);
        CPPUNIT_ASSERT_EQUAL(std::string(), parsed.error);
        const auto& m = *parsed.manifest;
        CPPUNIT_ASSERT(m.types == std::vector<std::string>({"OfxImport"}));
        CPPUNIT_ASSERT(!m.binary);
        CPPUNIT_ASSERT(m.options.empty());
        CPPUNIT_ASSERT(m.accepts("application/x-ofx", ""));
        CPPUNIT_ASSERT(m.accepts("application/vnd.intu.qfx; charset=windows-1252", ""));
        CPPUNIT_ASSERT(m.accepts("text/plain", ""));
        CPPUNIT_ASSERT(m.accepts("", "Statement.QFX"));
        CPPUNIT_ASSERT(m.accepts("application/octet-stream", "export.ofx"));
        CPPUNIT_ASSERT(!m.accepts("text/csv", "export.csv"));
        // D65/D66: the refusal noun, the invalid_<format> code and the charset declaration.
        CPPUNIT_ASSERT_EQUAL(std::string("an OFX file"), m.fileNoun);
        CPPUNIT_ASSERT_EQUAL(std::string("ofx"), m.format);
        CPPUNIT_ASSERT_EQUAL(std::string("ofx"), m.charsetSniff);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(OfxManifestTest);
