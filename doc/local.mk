# doc/: what `make install` puts beside the programs: the manual pages
# (made from each program's --help by help2man), the guest SDK's pkg-config
# file, the documents, the JSON report's schema and the tutorial's pictures.

# help2man runs the programs just built; their --help is the one source.
# Both pages end with a SEE ALSO that names the installed manual.
man1_MANS = doc/atomsim.1 doc/atomsim-cc.1
CLEANFILES += $(man1_MANS) doc/see-also.h2m
doc/see-also.h2m: Makefile
	$(AM_V_GEN)$(MKDIR_P) doc && printf '%s\n' '[SEE ALSO]' \
	  'The manual, $(docdir)/manual.md; the tutorial, $(docdir)/tutorial.md;' \
	  'how the code is laid out, $(docdir)/internals.md.' \
	  '.PP' 'atomsim(1), atomsim-cc(1)' > $@
doc/atomsim.1: atomsim$(EXEEXT) doc/see-also.h2m
	$(AM_V_GEN)$(HELP2MAN) --no-info --no-discard-stderr --include=doc/see-also.h2m \
	  --name="simulate atomic memory operations on several cores" \
	  --version-string="$(PACKAGE_VERSION)" --output=$@ ./atomsim$(EXEEXT)
doc/atomsim-cc.1: tools/atomsim-cc doc/see-also.h2m
	$(AM_V_GEN)$(HELP2MAN) --no-info --no-discard-stderr --include=doc/see-also.h2m \
	  --name="build a guest program for atomsim" --output=$@ tools/atomsim-cc

# The guest SDK for pkg-config: `pkg-config --variable=atomsim_cc atomsim`.
pkgconfigdir = $(libdir)/pkgconfig
pkgconfig_DATA = doc/atomsim.pc
CLEANFILES += doc/atomsim.pc
EXTRA_DIST += %D%/atomsim.pc.in
doc/atomsim.pc: %D%/atomsim.pc.in Makefile
	$(AM_V_GEN)$(MKDIR_P) doc && sed \
	  -e 's|@prefix[@]|$(prefix)|g' -e 's|@bindir[@]|$(bindir)|g' \
	  -e 's|@runtimedir[@]|$(runtimedir)|g' -e 's|@guestincludedir[@]|$(guestincludedir)|g' \
	  -e 's|@PACKAGE_VERSION[@]|$(PACKAGE_VERSION)|g' \
	  $(srcdir)/%D%/atomsim.pc.in > $@

dist_doc_DATA = README.md NEWS %D%/manual.md %D%/tutorial.md %D%/internals.md \
	%D%/report.schema.json
docimgdir = $(docdir)/img
dist_docimg_DATA = %D%/img/lesson1.png %D%/img/lesson2.png %D%/img/lesson3.png \
	%D%/img/lesson4.png %D%/img/lesson5.png %D%/img/lesson6.png %D%/img/lesson6arm.png \
	%D%/img/lesson7.png %D%/img/lesson8.png
